import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachedLabel, succeed, type AttachedImage } from '@jupyter-live-mcp/protocol';
import { MESSAGE_BUDGET_BYTES, mostMessageBytes } from './message-budget.js';
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
