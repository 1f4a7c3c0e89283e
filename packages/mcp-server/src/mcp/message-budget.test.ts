import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { attachedLabel, capResult, detachLabels, succeed, type AttachedImage } from '@jupyter-live-mcp/protocol';
import { MESSAGE_BUDGET_BYTES, fitMessageBudget, mostMessageBytes, type Fitted } from './message-budget.js';
import { answerBytes } from '../transport/answer-json.js';
import { toCallToolResult } from './result-mapping.js';

const MiB = 1024 * 1024;
const picture = (chars: number): AttachedImage => ({ mimeType: 'image/png', data: 'A'.repeat(chars) });
const wireBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('message budget', () => {
  it('leaves an answer that fits as it is', () => {
    const result = succeed({ outputs: [attachedLabel(1, { mimeType: 'image/png', width: 4, height: 3 })] });
    const mapped = toCallToolResult(result, [picture(1000)]);
    expect(mapped.structuredContent).toEqual(result);
    expect(mapped.content).toHaveLength(2);
  });

  it('leaves whole an answer that fits only once measured (its size bound alone is over the budget)', () => {
    const result = succeed({ text: 'x'.repeat(1.5 * MiB) });
    const images = [picture(2 * MiB)];
    const mapped = toCallToolResult(result, images);
    expect(mapped.structuredContent).toEqual(result);
    expect(mapped.content).toHaveLength(2);
    expect(wireBytes(mapped)).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
  });

  it('measures an answer, whole or cut, as the bytes of its JSON', () => {
    for (const result of [succeed({ text: '"\\é'.repeat(1000) }), succeed({ text: 'x'.repeat(9 * MiB) })]) {
      const mapped = toCallToolResult(result, [picture(10)]);
      expect(answerBytes(mapped)).toBe(wireBytes(mapped));
    }
  });

  it('bounds the size of every answer from its result alone (property)', () => {
    const results = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' }));
    const images = fc.array(
      fc.string({ unit: fc.constantFrom('A', 'b', '+', '/') }).map((data): AttachedImage => ({ mimeType: 'image/png', data })),
      { maxLength: 3 }
    );
    fc.assert(
      fc.property(results, images, (fields, pictures) => {
        const result = succeed(fields);
        expect(wireBytes(toCallToolResult(result, pictures)) + 256).toBeLessThanOrEqual(
          mostMessageBytes(JSON.stringify(result).length, pictures)
        );
      }),
      { numRuns: 2000 }
    );
  });

  it('attaches the pictures that fit, in order, and names the others as not attached with what to do', () => {
    const images = Array.from({ length: 12 }, () => picture(MiB));
    const result = succeed({
      outputs: images.map((_, i) => ({ data: { 'image/png': attachedLabel(i + 1, { mimeType: 'image/png', width: 1024, height: 768 }) } }))
    });
    const mapped = toCallToolResult(result, images);

    expect(wireBytes(mapped)).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
    const attached = mapped.content.filter((block) => block.type === 'image');
    expect(attached.length).toBe(7);
    const labels = (mapped.structuredContent as { outputs: { data: { 'image/png': string } }[] }).outputs.map((o) => o.data['image/png']);
    expect(labels.slice(0, 7)).toEqual(images.slice(0, 7).map((_, i) => `[image ${i + 1}: image/png 1024x768, attached]`));
    for (const label of labels.slice(7)) {
      expect(label).toMatch(
        /^\[image: image\/png 1024x768, not attached: the pictures of this result do not fit in one MCP message \(8 MiB\); ask for this output alone/
      );
    }
    expect(JSON.parse((mapped.content[0] as { text: string }).text)).toEqual(mapped.structuredContent);
  });

  it('cuts text too long for one message (sent twice: as text and as structured content), marked truncated', () => {
    const result = succeed({ text: 'é"'.repeat(3 * MiB) });
    const mapped = toCallToolResult(result);
    expect(wireBytes(mapped)).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
    expect(mapped.structuredContent).toMatchObject({ success: true, truncated: true });
    expect((mapped.structuredContent as { text: string }).text).toMatch(/more characters cut\]$/);
  });
});

describe('fitMessageBudget at its boundaries', () => {
  // The answer as the encoder makes it; its size is measured with the JSON-RPC envelope's 256 bytes.
  const encode = (fitted: Fitted) => ({ result: fitted.result, images: fitted.images });
  const answerBytes = (fitted: Fitted) => wireBytes(encode(fitted)) + 256;
  const label = (n: number) => attachedLabel(n, { mimeType: 'image/png', width: 2, height: 2 });
  const result = succeed({ outputs: [label(1), label(2), label(3)], text: 'x'.repeat(200) });
  const images = [picture(1000), picture(1000), picture(1000)];

  it('leaves whole an answer of exactly the budget, and no answer a byte over it', () => {
    const whole = answerBytes({ result, images });
    const fitted = fitMessageBudget(result, images, encode, whole);
    expect(fitted.result).toBe(result);
    expect(fitted.images).toBe(images);
    const over = fitMessageBudget(result, images, encode, whole - 1);
    expect(over.images.length).toBeLessThan(3);
    expect(answerBytes(over)).toBeLessThanOrEqual(whole - 1);
  });

  it('attaches as many pictures as fit, in order, each with room for its block', () => {
    const cutOne = fitMessageBudget(result, images, encode, answerBytes({ result, images }) - 1);
    const why = (cutOne.result as unknown as { outputs: string[] }).outputs[2]!.replace(
      /^\[image: image\/png 2x2, not attached: (.*)\]$/,
      '$1'
    );
    const textBytes = answerBytes({ result: detachLabels(result, 0, why) as typeof result, images: [] });
    // (With room for all three, the whole answer fits as it is.)
    for (const kept of [0, 1]) {
      const budget = textBytes + (kept + 1) * (1000 + 64) - 1;
      const fitted = fitMessageBudget(result, images, encode, budget);
      expect(fitted.images).toEqual(images.slice(0, kept));
      expect((fitted.result as unknown as { outputs: string[] }).outputs.slice(0, kept)).toEqual(
        [label(1), label(2), label(3)].slice(0, kept)
      );
      expect((fitted.result as unknown as { outputs: string[] }).outputs[kept]).toMatch(/^\[image: image\/png 2x2, not attached: /);
      expect(answerBytes(fitted)).toBeLessThanOrEqual(budget);
    }
    const all = fitMessageBudget(result, images, encode, textBytes + 3 * 1064);
    expect(all.images).toHaveLength(3);
  });

  it('settles an answer under its size bound without building it, and measures one a byte over it', () => {
    const measured = vi.fn(encode);
    const bound = mostMessageBytes(JSON.stringify(result).length, images);
    const fitted = fitMessageBudget(result, images, measured, bound);
    expect(measured).not.toHaveBeenCalled();
    expect(fitted.result).toBe(result);
    expect(fitted.images).toBe(images);
    const over = fitMessageBudget(result, images, measured, bound - 1);
    expect(measured).toHaveBeenCalledWith({ result, images });
    expect(over.result).toBe(result);
    expect(over.images).toBe(images);
  });

  it('attaches a picture that fits to the byte, and not one a byte over', () => {
    const why = /not attached: (.*)\]$/.exec(
      (fitMessageBudget(result, images, encode, answerBytes({ result, images }) - 1).result as unknown as { outputs: string[] }).outputs[2]!
    )![1]!;
    const textBytes = answerBytes({ result: detachLabels(result, 0, why) as typeof result, images: [] });
    for (const kept of [1, 2]) {
      const exact = fitMessageBudget(result, images, encode, textBytes + kept * (1000 + 64));
      expect(exact.images).toEqual(images.slice(0, kept));
      const short = fitMessageBudget(result, images, encode, textBytes + kept * (1000 + 64) - 1);
      expect(short.images).toEqual(images.slice(0, kept - 1));
    }
    // Room for the text with every picture detached, and not a byte more: the text whole, no picture.
    const textOnly = fitMessageBudget(result, images, encode, textBytes);
    expect(textOnly).toEqual({ result: detachLabels(result, 0, why), images: [] });
  });

  it('keeps whole a long text that fits to the byte once its pictures are left out', () => {
    const long = succeed({ outputs: [label(1)], text: 'z'.repeat(2 * MiB) });
    const why = /not attached: (.*)\]$/.exec(
      (fitMessageBudget(long, [picture(1000)], encode, MiB).result as unknown as { outputs: string[] }).outputs[0]!
    )![1]!;
    const textOnly = detachLabels(long, 0, why) as typeof long;
    const fitted = fitMessageBudget(long, [picture(1000)], encode, answerBytes({ result: textOnly, images: [] }));
    expect(fitted).toEqual({ result: textOnly, images: [] });
    expect((fitted.result as unknown as { text: string }).text).toHaveLength(2 * MiB);
  });

  it('takes the first of its cuts (a sixth of 8 MiB in characters, then halves) that fits to the byte', () => {
    const long = succeed({ text: 'y'.repeat(4 * MiB) });
    for (const chars of [Math.floor((8 * MiB) / 6), Math.floor((8 * MiB) / 12)]) {
      const cut = capResult(long, chars);
      const exact = fitMessageBudget(long, [], encode, answerBytes({ result: cut, images: [] }));
      expect(exact).toEqual({ result: cut, images: [] });
      const short = fitMessageBudget(long, [], encode, answerBytes({ result: cut, images: [] }) - 1);
      expect(short.result).toEqual(capResult(long, Math.floor(chars / 2)));
    }
  });

  it('cuts text that does not fit to the largest of its tries that does, within the budget', () => {
    const long = succeed({ text: 'y'.repeat(4 * MiB) });
    const fitted = fitMessageBudget(long, [], encode, MiB);
    expect(fitted.images).toEqual([]);
    expect(fitted.result).toMatchObject({ success: true, truncated: true });
    expect(answerBytes(fitted)).toBeLessThanOrEqual(MiB);
    // The tries halve from a sixth of the 8 MiB budget; this one is the first under 1 MiB.
    expect(JSON.stringify(fitted.result).length).toBeGreaterThan(MiB / 2);
  });
});
