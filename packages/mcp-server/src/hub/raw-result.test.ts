import { describe, expect, it } from 'vitest';
import { encodeResultMessage, fail, succeed, type AttachedImage, type ToolResult } from '@jupyter-live-mcp/protocol';
import { RAW_RESULT_FROM_BYTES, isRawResult, parsedResult, rawResultMessage } from './raw-result.js';

/** A read of `cells` cells: about 80 bytes a cell. */
const read = (cells: number): ToolResult =>
  succeed({
    notebookPath: 'big "one".ipynb',
    cells: Array.from({ length: cells }, (_, i) => ({ id: `c${i}`, source: `x = ${i}\nprint("é😀\\\\", x)`, outputs: [`${i}`] }))
  });
const big = read(5000);
const picture: AttachedImage = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
const frame = (text: string) => Buffer.from(text, 'utf8');

describe('a result kept as the page wrote it', () => {
  it('keeps a big successful result as its JSON text, with its call and pictures, and parses it back whole', () => {
    const bytes = frame(encodeResultMessage('c7', { resultJson: JSON.stringify(big), images: [picture] }));
    expect(bytes.length).toBeGreaterThanOrEqual(RAW_RESULT_FROM_BYTES);
    const kept = rawResultMessage(bytes);
    expect(kept?.callId).toBe('c7');
    expect(kept?.answer.images).toEqual([picture]);
    const result = kept!.answer.result;
    expect(isRawResult(result)).toBe(true);
    expect(isRawResult(result) && result.json.toString('utf8')).toBe(JSON.stringify(big));
    expect(parsedResult(result)).toEqual(big);
    expect(result.success).toBe(true);
    // A parsed result is its own parsed form.
    expect(parsedResult(big)).toBe(big);
    expect(isRawResult(big)).toBe(false);
  });

  it('keeps a result frame of RAW_RESULT_FROM_BYTES bytes or more as the page wrote it, and leaves a smaller one to be parsed', () => {
    const padded = (padding: string) =>
      frame(encodeResultMessage('c2', { resultJson: JSON.stringify(succeed({ notebookPath: padding })), images: [] }));
    const ofBytes = (size: number) => padded('x'.repeat(size - padded('').length));
    expect(ofBytes(RAW_RESULT_FROM_BYTES).length).toBe(RAW_RESULT_FROM_BYTES);
    const kept = rawResultMessage(ofBytes(RAW_RESULT_FROM_BYTES));
    expect(kept && isRawResult(kept.answer.result)).toBe(true);
    expect(rawResultMessage(ofBytes(RAW_RESULT_FROM_BYTES - 1))).toBeUndefined();
  });

  it("keeps a default read's result (up to 60,000 characters) as the page wrote it", () => {
    let cells = 10;
    while (JSON.stringify(read(cells + 10)).length <= 60_000) {
      cells += 10;
    }
    const bytes = frame(encodeResultMessage('c2', { resultJson: JSON.stringify(read(cells)), images: [] }));
    expect(bytes.length).toBeGreaterThan(55_000);
    const kept = rawResultMessage(bytes);
    expect(kept && isRawResult(kept.answer.result)).toBe(true);
    expect(kept && parsedResult(kept.answer.result)).toEqual(read(cells));
  });

  it('leaves a small frame, a failure and any frame not in the compact form to be parsed as every message is', () => {
    const json = JSON.stringify(big);
    const frames = {
      small: encodeResultMessage('c1', { resultJson: JSON.stringify(read(10)), images: [] }),
      failure: encodeResultMessage('c1', {
        resultJson: JSON.stringify(fail('internal_error', 'x'.repeat(RAW_RESULT_FROM_BYTES))),
        images: []
      }),
      'with spaces': JSON.stringify({ type: 'result', callId: 'c1', result: big }, null, 1),
      'success twice': `{"type":"result","callId":"c1","result":{"success":true,${json.slice(1, -1)},"success":false}}`.replace(
        '"success":true,"success":true',
        '"success":true'
      ),
      'a key twice': `{"type":"result","callId":"c1","callId":"c2","result":${json}}`,
      'a key the schema lacks': `{"type":"result","callId":"c1","result":${json},"extra":1}`,
      'another type': `{"type":"page-state","callId":"c1","result":${json}}`,
      'a warning that is no text': `{"type":"result","callId":"c1","result":{"warning":1,${json.slice(1)}}`,
      'no callId': `{"type":"result","result":${json}}`,
      'a result that is no object': `{"type":"result","callId":"c1","result":[${json}]}`,
      'nested too deep': `{"type":"result","callId":"c1","result":{"deep":${'['.repeat(100)}${']'.repeat(100)},${json.slice(1)}}`,
      'text after it': `${encodeResultMessage('c1', { resultJson: JSON.stringify(big), images: [] })} `,
      'bad pictures': `{"type":"result","callId":"c1","result":${json},"images":[{"data":1}]}`
    };
    for (const [name, text] of Object.entries(frames)) {
      expect({ name, kept: rawResultMessage(frame(text)) }).toEqual({ name, kept: undefined });
    }
    // Not UTF-8.
    const bytes = frame(encodeResultMessage('c1', { resultJson: JSON.stringify(big), images: [] }));
    bytes[bytes.length - 10] = 0xff;
    expect(rawResultMessage(bytes)).toBeUndefined();
  });

  it('keeps a warning the schema allows', () => {
    const warned = { ...big, warning: 'the kernel restarted' } as ToolResult;
    const kept = rawResultMessage(frame(encodeResultMessage('c2', { resultJson: JSON.stringify(warned), images: [] })));
    expect(kept && parsedResult(kept.answer.result)).toEqual(warned);
  });
});
