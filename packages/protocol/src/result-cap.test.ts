import { describe, expect, it } from 'vitest';
import { fail, succeed } from './result-protocol.js';
import fc from 'fast-check';
import { capResult, cut, cutMeasurer } from './result-cap.js';

const size = (value: unknown) => JSON.stringify(value).length;

describe('capResult', () => {
  it('leaves a result within the cap untouched', () => {
    const result = succeed({ text: 'short' });
    expect(capResult(result, 1000)).toBe(result);
  });

  it('measures the result by its JSON text when given it, and cuts it the same', () => {
    const result = succeed({ name: 'a.ipynb', content: 'x'.repeat(10_000) });
    const json = JSON.stringify(result);
    expect(capResult(result, json.length, json)).toBe(result);
    expect(capResult(result, 500, json)).toEqual(capResult(result, 500));
  });

  it('cuts the longest string, says how much was cut, and flags the result', () => {
    const result = succeed({ name: 'a.ipynb', content: 'x'.repeat(10_000) });
    const capped = capResult(result, 500);
    expect(size(capped)).toBeLessThanOrEqual(500);
    expect(capped).toMatchObject({ success: true, truncated: true, name: 'a.ipynb' });
    const { content } = capped as unknown as { content: string };
    expect(content).toMatch(/^x+…\[\d+ more characters cut\]$/);
    const kept = content.match(/^x+/)![0].length;
    expect(content).toContain(`[${10_000 - kept} more characters cut]`);
  });

  it('cuts the tail of a long array when cutting strings is not enough', () => {
    const result = succeed({ cells: Array.from({ length: 5000 }, (_, i) => ({ id: i })) });
    const capped = capResult(result, 2000) as unknown as { cells: unknown[]; truncated: boolean };
    expect(size(capped)).toBeLessThanOrEqual(2000);
    expect(capped.truncated).toBe(true);
    expect(capped.cells.at(-1)).toMatch(/^…\[\d+ more items cut\]$/);
    expect(capped.cells[0]).toEqual({ id: 0 });
  });

  it('keeps a failure a failure, with its code', () => {
    const capped = capResult(fail('command_failed', 'e'.repeat(5000)), 300);
    expect(capped).toMatchObject({ success: false, code: 'command_failed', truncated: true });
    expect(size(capped)).toBeLessThanOrEqual(300);
  });

  it('always produces valid JSON, also with text that JSON escapes', () => {
    const result = succeed({ text: '"\\\n\u0000'.repeat(3000), more: ['\u2028'.repeat(2000)] });
    for (const cap of [1000, 2000, 5000]) {
      const capped = capResult(result, cap);
      expect(size(capped)).toBeLessThanOrEqual(cap);
      expect(JSON.parse(JSON.stringify(capped))).toEqual(capped);
    }
  });

  it('leaves a result of exactly the cap untouched, and cuts one a character over', () => {
    const result = succeed({ text: 'x'.repeat(300) });
    expect(capResult(result, size(result))).toBe(result);
    const capped = capResult(result, size(result) - 1);
    expect(capped).toMatchObject({ truncated: true });
    expect(size(capped)).toBeLessThanOrEqual(size(result) - 1);
  });

  it('keeps as much of the string as fits: one more character would not', () => {
    const result = succeed({ name: 'a.ipynb', content: 'ab"\\\n'.repeat(2000) });
    for (const cap of [200, 333, 1000, 4321]) {
      const capped = capResult(result, cap) as unknown as { content: string };
      const kept = capped.content.indexOf('…[');
      expect(capped).toEqual(cut({ ...result, truncated: true }, kept, Infinity));
      expect(size(capped)).toBeLessThanOrEqual(cap);
      expect(size(cut({ ...result, truncated: true }, kept + 1, Infinity))).toBeGreaterThan(cap);
    }
  });

  it("keeps a failure's code whole however long it is, and cuts its error instead", () => {
    const code = `custom_${'c'.repeat(90)}` as Parameters<typeof fail>[0];
    const capped = capResult(fail(code, 'e'.repeat(5000), { detail: 'd'.repeat(5000) }), 300);
    expect(capped).toMatchObject({
      success: false,
      code,
      truncated: true,
      error: expect.stringMatching(/^e+…\[\d+ more characters cut\]$/)
    });
    expect(size(capped)).toBeLessThanOrEqual(300);
    // Its success stays a boolean too, whatever it is cut to.
    expect(capResult(succeed({ text: 'x'.repeat(5000) }), 100)).toMatchObject({ success: true, truncated: true });
  });

  it('cuts arrays of long strings to the most items that fit, then gives the room left to the strings', () => {
    const result = succeed({ cells: Array.from({ length: 300 }, (_, i) => ({ id: `cell-${i}`, source: `${i} `.padEnd(400, 'y') })) });
    const flagged = { ...result, truncated: true };
    for (const cap of [3000, 10_000]) {
      const capped = capResult(result, cap) as unknown as { cells: ({ source: string } | string)[] };
      const items = capped.cells.length - 1;
      expect(capped.cells.at(-1)).toBe(`…[${300 - items} more items cut]`);
      const first = capped.cells[0] as { source: string };
      const kept = first.source.includes('…[') ? first.source.indexOf('…[') : first.source.length;
      expect(capped).toEqual(cut(flagged, kept, items));
      expect(size(capped)).toBeLessThanOrEqual(cap);
      // The most items that fit with every string cut to nothing, and the longest strings those items then allow.
      expect(size(cut(flagged, 0, items + 1))).toBeGreaterThan(cap);
      expect(size(cut(flagged, kept + 1, items))).toBeGreaterThan(cap);
    }
  });

  it('gives the strings what room the cut array leaves', () => {
    const result = succeed({ items: Array.from({ length: 1000 }, () => 12345), text: 'x'.repeat(5000) });
    const flagged = { ...result, truncated: true };
    const kepts = [2000, 2001, 2002, 2003, 2004, 2005].map((cap) => {
      const capped = capResult(result, cap) as unknown as { items: unknown[]; text: string };
      const items = capped.items.length - 1;
      const kept = capped.text.indexOf('…[');
      expect(capped).toEqual(cut(flagged, kept, items));
      expect(size(capped)).toBeLessThanOrEqual(cap);
      expect(size(cut(flagged, 0, items + 1))).toBeGreaterThan(cap);
      expect(size(cut(flagged, kept + 1, items))).toBeGreaterThan(cap);
      return kept;
    });
    expect(Math.max(...kepts)).toBeGreaterThan(0);
  });

  it('counts undefined and functions in an array as the null JSON writes, so the cut is the largest that fits', () => {
    const result = succeed({ items: [undefined, () => 1, 'x'.repeat(2000), undefined] });
    const capped = capResult(result, 300) as unknown as { items: unknown[] };
    expect(JSON.parse(JSON.stringify(capped)).items.slice(0, 2)).toEqual([null, null]);
    const kept = String(capped.items[2]).indexOf('…[');
    expect(size(capped)).toBeLessThanOrEqual(300);
    expect(size(cut({ ...result, truncated: true }, kept + 1, Infinity))).toBeGreaterThan(300);
  });

  it('answers with a warning when nothing can make it fit', () => {
    const result = succeed(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`key${i}`, i])));
    expect(capResult(result, 80)).toMatchObject({ success: true, truncated: true, warning: expect.stringMatching(/too large/) });
  });
});

describe('measuring a cut without building it', () => {
  it('gives exactly the length JSON.stringify gives the cut, for any JSON value and any limits in turn', () => {
    // One measurer answers several cuts in turn, as capResult's search asks them: what it remembers must not leak.
    const limits = fc.tuple(fc.nat(40), fc.oneof(fc.nat(6), fc.constant(Infinity)));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }), fc.array(limits, { minLength: 1, maxLength: 6 }), (value, cuts) => {
        const measure = cutMeasurer(value);
        for (const [stringLimit, arrayLimit] of cuts) {
          expect(measure(stringLimit, arrayLimit)).toBe(JSON.stringify(cut(value, stringLimit, arrayLimit)).length);
        }
      }),
      { numRuns: 3000 }
    );
  });

  it('gives exactly that length for text without surrogates, whose escapes it counts by position', () => {
    const limits = fc.tuple(fc.nat(40), fc.oneof(fc.nat(6), fc.constant(Infinity)));
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3, stringUnit: 'binary-ascii' }),
        fc.array(limits, { minLength: 1, maxLength: 6 }),
        (value, cuts) => {
          const measure = cutMeasurer(value);
          for (const [stringLimit, arrayLimit] of cuts) {
            expect(measure(stringLimit, arrayLimit)).toBe(JSON.stringify(cut(value, stringLimit, arrayLimit)).length);
          }
        }
      ),
      { numRuns: 1000 }
    );
  });

  it("counts what JSON leaves out or writes as null: undefined and functions, as a page's JavaScript result may hold", () => {
    const value = { a: undefined, f: () => 1, list: [undefined, () => 1, 'abcdef', [1, 2, 3]], s: 'x'.repeat(30), code: undefined };
    const measure = cutMeasurer(value);
    for (const stringLimit of [0, 3, 10, 40]) {
      for (const arrayLimit of [0, 1, 2, 3, 4, Infinity]) {
        expect(measure(stringLimit, arrayLimit)).toBe(JSON.stringify(cut(value, stringLimit, arrayLimit)).length);
      }
    }
  });

  it('counts escapes, split surrogate pairs and the uncut success and code', () => {
    const value = { success: false, code: 'x'.repeat(50), text: 'a"b\\c\nd\u0001e😀f😀g', list: ['😀'.repeat(9), '\u2028'] };
    const measure = cutMeasurer(value);
    for (let limit = 0; limit <= 20; limit++) {
      for (const arrayLimit of [0, 1, 2, Infinity]) {
        expect(measure(limit, arrayLimit)).toBe(JSON.stringify(cut(value, limit, arrayLimit)).length);
      }
    }
  });
});
