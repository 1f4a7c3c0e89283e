import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fail, succeed, toolResultContent, type AttachedImage, type ResultForm, type ToolResult } from '@jupyter-live-mcp/protocol';
import { answerBytes, messageChunks, messagePieces, slices, withResultJson } from './answer-json.js';

/** The chunks as written: each copied as it comes, since the next may reuse a Buffer's memory. */
const joined = (message: unknown, size = 1 << 20) => {
  const written: Buffer[] = [];
  for (const chunk of messageChunks(message, size)) {
    written.push(Buffer.from(chunk));
  }
  return Buffer.concat(written).toString('utf8');
};
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
        fc.integer({ min: 2, max: 40 }),
        (fields, ok, form, pictures, id, size) => {
          const result = ok ? succeed(fields) : fail('not_found', 'no such cell', fields);
          const answer = built(
            result,
            Array.from({ length: pictures }, () => picture),
            form
          );
          const message = { result: answer, jsonrpc: '2.0', id };
          expect(JSON.parse(joined(message))).toEqual(JSON.parse(JSON.stringify(message)));
          expect(Buffer.byteLength(joined(message))).toBe(Buffer.byteLength(JSON.stringify(message)));
          // In small chunks, the same text: no escape and no surrogate pair cut in two.
          expect(joined(message, size)).toBe(joined(message));
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
    expect(joined({ result: answer, jsonrpc: '2.0', id: 7 })).toBe(
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

describe('answer JSON from bytes (a result kept as the page wrote it)', () => {
  it('writes and measures an answer from its result JSON as bytes as from the same JSON as text (property)', () => {
    const results = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' }));
    fc.assert(
      fc.property(
        results,
        fc.constantFrom('both' as const, 'structured' as const),
        fc.nat(2),
        fc.integer({ min: 1, max: 40 }),
        (fields, form, pictures, size) => {
          const result = succeed(fields);
          const json = JSON.stringify(result);
          const images = Array.from({ length: pictures }, () => picture);
          const fromText = { jsonrpc: '2.0', id: 3, result: built(result, images, form) };
          const fromBytes = {
            jsonrpc: '2.0',
            id: 3,
            result: withResultJson(toolResultContent(result, { images, json, form }), Buffer.from(json))
          };
          // In chunks of any size, cut anywhere in a character's bytes: the same bytes.
          expect(joined(fromBytes, size)).toBe(joined(fromText));
          expect(JSON.parse(joined(fromText))).toEqual(JSON.parse(JSON.stringify(fromText)));
          expect(answerBytes(fromBytes.result)).toBe(Buffer.byteLength(JSON.stringify(fromText.result)));
        }
      )
    );
  });

  it("writes a kept result's text block from its bytes, one buffer reused chunk after chunk", () => {
    const text = JSON.stringify(succeed({ text: '"\\é'.repeat(3000) }));
    const json = Buffer.from(text);
    const answer = withResultJson(toolResultContent(JSON.parse(text), { json: text }), json);
    // The kept bytes' chunks are views of `json`; the escaped ones lie elsewhere (Node 24 may put both in one pool).
    const ofJson = (chunk: Buffer) =>
      chunk.buffer === json.buffer &&
      chunk.byteOffset >= json.byteOffset &&
      chunk.byteOffset + chunk.length <= json.byteOffset + json.length;
    const places = new Set<number>();
    let escaped = 0;
    for (const chunk of messageChunks({ jsonrpc: '2.0', id: 1, result: answer }, 64)) {
      if (Buffer.isBuffer(chunk) && !ofJson(chunk)) {
        places.add(chunk.byteOffset);
        escaped += chunk.length;
        expect(chunk.length).toBeLessThanOrEqual(128);
      }
    }
    expect(escaped).toBe(Buffer.byteLength(JSON.stringify(text)) - 2);
    expect(places.size).toBe(1);
  });
});

describe('slices', () => {
  it('cut a text in pieces of at most the size that join to it and each write as their part of its UTF-8 (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 2, max: 9 }), (text, size) => {
        const cut = [...slices(text, size)];
        expect(cut.join('')).toBe(text);
        expect(cut.every((slice) => slice.length > 0 && slice.length <= size)).toBe(true);
        expect(Buffer.concat(cut.map((slice) => Buffer.from(slice)))).toEqual(Buffer.from(text));
        expect(cut.map((slice) => JSON.stringify(slice).slice(1, -1)).join('')).toBe(JSON.stringify(text).slice(1, -1));
      })
    );
  });

  it('keep a surrogate pair whole at a cut', () => {
    expect([...slices('a😀b', 2)]).toEqual(['a', '😀', 'b']);
    expect([...slices('', 2)]).toEqual([]);
  });
});

describe('message chunks', () => {
  it('write a big text block and its result in chunks no bigger than asked, escaped ones at most twice', () => {
    const result = succeed({ text: '"\\'.repeat(1000) });
    const message = { jsonrpc: '2.0', id: 1, result: built(result) };
    const chunks = [...messageChunks(message, 100)];
    expect(chunks.join('')).toBe(joined(message));
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(200);
  });
});
