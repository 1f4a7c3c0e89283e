import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '@jupyter-live-mcp/protocol';
import { objectMembers, valueEnd } from './json-bytes.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** Whether `text` is, whole, one JSON value in the compact form. */
const takes = (text: string, levels = Number.POSITIVE_INFINITY) => valueEnd(bytes(text), 0, levels) === bytes(text).length;
const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Text made of JSON's own characters, a space, a line break and a few others, so that near misses are common. */
const jsonish = fc.string({
  unit: fc.constantFrom(...'{}[]",:\\/0123456789.-+eEtrufalsn bx\n\u0001é😀'.split(/(?:)/u)),
  maxLength: 40
});

describe('JSON checked as bytes', () => {
  it('takes whatever JSON.stringify writes, whole (property: any JSON, any text)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
        expect(takes(JSON.stringify(value))).toBe(true);
      })
    );
  });

  it('never takes what JSON.parse refuses, nor a space or line break outside a string (property)', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        if (takes(text)) {
          expect(parses(text)).toBe(true);
          expect([...text].some((char) => char.charCodeAt(0) < 0x20)).toBe(false);
        }
        if (parses(text) && JSON.stringify(JSON.parse(text)) === text) {
          expect(takes(text)).toBe(true);
        }
      }),
      { numRuns: 20_000 }
    );
  });

  it('refuses the near misses one by one', () => {
    for (const text of [
      '{"a": 1}',
      '[1,\n2]',
      '[1,2,]',
      '{"a":1,}',
      '01',
      '-',
      '1.',
      '1e',
      '.5',
      '"\\x"',
      '"\\u12g4"',
      '"a\tb"',
      '"open',
      'tru',
      'nul',
      '{"a"}',
      '{1:2}',
      '[1 2]',
      '',
      '{"a":1}x'
    ]) {
      expect({ text, taken: takes(text) }).toEqual({ text, taken: false });
    }
    for (const text of ['-0.5e+10', '"\\ud83d\\ude00 \\u00e9 \\/"', '[]', '{}', '[[],{}]', 'null', '"é😀"']) {
      expect({ text, taken: takes(text) }).toEqual({ text, taken: true });
    }
  });

  it('counts nesting as nestsDeeperThan does: what a message may hold, and not a level more', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(nestsDeeperThan(JSON.parse(nested(MAX_NESTING_DEPTH)), MAX_NESTING_DEPTH)).toBe(false);
    expect(takes(nested(MAX_NESTING_DEPTH), MAX_NESTING_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(nested(MAX_NESTING_DEPTH + 1)), MAX_NESTING_DEPTH)).toBe(true);
    expect(takes(nested(MAX_NESTING_DEPTH + 1), MAX_NESTING_DEPTH)).toBe(false);
    expect(takes(`{"a":${nested(MAX_NESTING_DEPTH)}}`, MAX_NESTING_DEPTH)).toBe(false);
  });

  it("lists an object's members with their keys decoded, and the members of the keys asked for", () => {
    const text = '{"type":"result","c\\u0061llId":"c1","result":{"success":true,"cells":[{"id":"a"}]},"n":-1.5}';
    const scanned = objectMembers(bytes(text), 0, 10, (key) => key === 'result');
    expect(scanned?.end).toBe(bytes(text).length);
    const at = (start: number, end: number) => bytes(text).toString('utf8', start, end);
    expect(scanned?.members.map(({ key, start, end }) => [key, at(start, end)])).toEqual([
      ['type', '"result"'],
      ['callId', '"c1"'],
      ['result', '{"success":true,"cells":[{"id":"a"}]}'],
      ['n', '-1.5']
    ]);
    const result = scanned?.members[2]?.members;
    expect(result?.map(({ key, start, end }) => [key, at(start, end)])).toEqual([
      ['success', 'true'],
      ['cells', '[{"id":"a"}]']
    ]);
    // A key asked for must hold an object.
    expect(objectMembers(bytes('{"result":[1]}'), 0, 10, (key) => key === 'result')).toBeUndefined();
    expect(objectMembers(bytes('[1]'), 0, 10)).toBeUndefined();
  });
});
