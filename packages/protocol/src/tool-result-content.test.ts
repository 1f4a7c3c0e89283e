import { describe, expect, it } from 'vitest';
import { fail, succeed } from './result-protocol.js';
import { toolResultContent } from './tool-result-content.js';

describe('toolResultContent', () => {
  it('is the compact JSON as text, then the pictures in order, with the result as structuredContent', () => {
    const result = succeed({ outputs: ['[image 1: image/png 1x1, attached]', '[image 2: image/jpeg 1x1, attached]'] });
    const images = [
      { data: 'iVBORw0K', mimeType: 'image/png' as const },
      { data: '/9j/4AAQ', mimeType: 'image/jpeg' as const }
    ];
    expect(toolResultContent(result, { images })).toEqual({
      content: [
        { type: 'text', text: JSON.stringify(result) },
        { type: 'image', data: 'iVBORw0K', mimeType: 'image/png' },
        { type: 'image', data: '/9j/4AAQ', mimeType: 'image/jpeg' }
      ],
      structuredContent: result,
      isError: false
    });
  });

  it('marks a failed call as an error, and has only the text without pictures', () => {
    const result = fail('not_found', 'No notebook a.ipynb is open; open it with open_document.');
    expect(toolResultContent(result)).toEqual({
      content: [{ type: 'text', text: JSON.stringify(result) }],
      structuredContent: result,
      isError: true
    });
  });

  it('uses the JSON the caller measured already', () => {
    const result = succeed({ text: 'a' });
    expect(toolResultContent(result, { json: '{"success":true,"text":"a"}' }).content).toEqual([
      { type: 'text', text: '{"success":true,"text":"a"}' }
    ]);
  });

  it("in the 'structured' form, leaves the text block out and keeps the pictures, structuredContent and isError", () => {
    const result = fail('cell_error', 'boom', { outputs: ['[image 1: image/png 1x1, attached]'] });
    expect(
      toolResultContent(result, { images: [{ data: 'iVBORw0K', mimeType: 'image/png' }], json: JSON.stringify(result), form: 'structured' })
    ).toEqual({
      content: [{ type: 'image', data: 'iVBORw0K', mimeType: 'image/png' }],
      structuredContent: result,
      isError: true
    });
    expect(toolResultContent(succeed({}), { form: 'structured' }).content).toEqual([]);
  });
});
