import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fail, succeed, toolResultContent, type AttachedImage, type ResultForm, type ToolResult } from '@jupyter-live-mcp/protocol';
import { answerBytes, messagePieces, pieceText, withResultJson } from './answer-json.js';

const joined = (message: unknown) => messagePieces(message).map(pieceText).join('');
/** As the server builds an answer (mcp/result-mapping.ts). */
const built = (result: ToolResult, images: AttachedImage[] = [], form: ResultForm = 'both') => {
  const json = JSON.stringify(result);
  return withResultJson(toolResultContent(result, { images, json, form }), json);
};
const picture: AttachedImage = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };

describe('answer JSON in pieces', () => {
  it('writes an answer as JSON.stringify would, from its result JSON (property: any text, both forms, pictures)', () => {
    const results = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' }));
    const ids = fc.oneof(fc.integer(), fc.string({ unit: 'binary' }));
    fc.assert(
      fc.property(
        results,
        fc.boolean(),
        fc.constantFrom('both' as const, 'structured' as const),
        fc.nat(2),
        ids,
        (fields, ok, form, pictures, id) => {
          const result = ok ? succeed(fields) : fail('not_found', 'no such cell', fields);
          const answer = built(
            result,
            Array.from({ length: pictures }, () => picture),
            form
          );
          const message = { result: answer, jsonrpc: '2.0', id };
          expect(JSON.parse(joined(message))).toEqual(JSON.parse(JSON.stringify(message)));
          expect(Buffer.byteLength(joined(message))).toBe(Buffer.byteLength(JSON.stringify(message)));
          expect(answerBytes(answer)).toBe(Buffer.byteLength(JSON.stringify(answer)));
        }
      )
    );
  });

  it('writes the result JSON it was given, not the result serialised again', () => {
    const answer = withResultJson(toolResultContent(succeed({ a: 1 }), { json: '{"success":true,"a":1}' }), '{"success":true,"a":1}');
    const pieces = messagePieces({ result: answer, jsonrpc: '2.0', id: 7 });
    expect(pieces).toContain('{"success":true,"a":1}');
    expect(pieces).toContainEqual({ quoted: '{"success":true,"a":1}' });
    expect(pieces.map(pieceText).join('')).toBe(
      '{"result":{"content":[{"type":"text","text":"{\\"success\\":true,\\"a\\":1}"}],"structuredContent":{"success":true,"a":1},"isError":false},"jsonrpc":"2.0","id":7}'
    );
  });

  it('serialises any other message whole, in one piece', () => {
    const notification = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
    expect(messagePieces(notification)).toEqual([JSON.stringify(notification)]);
    const plain = { jsonrpc: '2.0', id: 1, result: toolResultContent(succeed({ a: '"\\' })) };
    expect(messagePieces(plain)).toEqual([JSON.stringify(plain)]);
    expect(answerBytes(plain.result)).toBe(Buffer.byteLength(JSON.stringify(plain.result)));
    expect(messagePieces(null)).toEqual(['null']);
  });

  it('writes a response with nothing beside its result', () => {
    const answer = built(succeed({ é: '€"' }));
    expect(JSON.parse(joined({ result: answer }))).toEqual({ result: JSON.parse(JSON.stringify(answer)) });
  });
});
