import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdScanner } from './id-scanner.js';

/** The id the scanner finds in `json` fed in pieces of `piece` bytes. */
function idOf(json: string, piece = 3) {
  const scanner = new IdScanner();
  const bytes = Buffer.from(json);
  for (let at = 0; at < bytes.length; at += piece) {
    scanner.feed(bytes.subarray(at, at + piece));
  }
  return scanner.id;
}

describe('IdScanner', () => {
  it('finds a number or string id wherever the top-level object has it, in any pieces', () => {
    expect(idOf('{"jsonrpc":"2.0","id":7,"method":"tools/call"}')).toBe(7);
    expect(idOf('{"method":"tools/call","params":{"arguments":{"a":"b"}},"jsonrpc":"2.0","id":12}', 1)).toBe(12);
    expect(idOf('{ "id" : "req-1" , "method" : "x" }')).toBe('req-1');
    expect(idOf('{"id":"a\\"b\\u00e9","method":"x"}')).toBe('a"bé');
    expect(idOf('{"id":-3}')).toBe(-3);
  });

  it('ignores ids nested in the params, keys inside strings and strings that look like keys', () => {
    expect(idOf('{"params":{"id":1,"arguments":{"id":"inner"}},"method":"x"}')).toBeUndefined();
    expect(idOf('{"method":"id","params":{"text":"\\"id\\":5, \\"id\\": 6"},"id":9}')).toBe(9);
    expect(idOf('{"params":["id",{"id":2}],"x":"id","id":3}')).toBe(3);
    expect(idOf('{"idx":4,"method":"x"}')).toBeUndefined();
  });

  it('has no id for a notification, a null id, an array, or what is not JSON', () => {
    expect(idOf('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeUndefined();
    expect(idOf('{"id":null,"method":"x"}')).toBeUndefined();
    expect(idOf('[{"id":1}]')).toBeUndefined();
    expect(idOf('"id":1')).toBeUndefined();
    expect(idOf(`{"id":"${'x'.repeat(1000)}"}`)).toBeUndefined();
  });

  it('keeps an id of up to 256 bytes, string or number, and none longer', () => {
    expect(idOf(`{"id":"${'x'.repeat(256)}","method":"x"}`)).toBe('x'.repeat(256));
    expect(idOf(`{"id":"${'é'.repeat(128)}"}`)).toBe('é'.repeat(128));
    expect(idOf(`{"id":"${'x'.repeat(257)}","method":"x"}`)).toBeUndefined();
    expect(idOf(`{"id":${'9'.repeat(256)}}`)).toBe(Number('9'.repeat(256)));
    expect(idOf(`{"id":${'9'.repeat(257)}}`)).toBeUndefined();
  });

  it('holds no more of a huge id than it could keep', () => {
    const scanner = new IdScanner();
    scanner.feed(Buffer.from(`{"id":"${'x'.repeat(100_000)}`));
    // The bytes gathered so far (private): a request too big to read must not be held whole.
    expect((scanner as unknown as { text: number[] }).text.length).toBeLessThanOrEqual(257);
  });

  it('follows values of every kind before and after the id', () => {
    expect(idOf('{"":0,"id":5}')).toBe(5);
    expect(idOf('{"a":[1,[2]],"b":{"c":{"id":0}},"id":6}', 1)).toBe(6);
    expect(idOf('{"a":"\\\\","b":"\\"","id":7}')).toBe(7);
    expect(idOf('{"id":8,"b":[9],"c":{"id":10}}')).toBe(8);
    expect(idOf('{"id":"s","b":"t"}')).toBe('s');
    expect(idOf('{"id" :\n 1.5e2 }')).toBe(150);
    expect(idOf('{"id":11}{"id":12}')).toBe(12);
  });

  it('has no id when the id is no string or number', () => {
    for (const id of ['true', 'false', '[1]', '{"a":1}', '[]', '{}']) {
      expect(idOf(`{"id":${id},"x":2}`)).toBeUndefined();
    }
    expect(idOf('{"id":1-}')).toBeUndefined();
  });

  it('takes only "id" as the id key, not another key of two letters', () => {
    expect(idOf('{"ix":5,"method":"x"}')).toBeUndefined();
    expect(idOf('{"id":1,"xy":2}')).toBe(1);
    expect(idOf('{"i":1}')).toBeUndefined();
  });

  it('takes a key as JSON reads it, escapes and all', () => {
    expect(idOf('{"\\u0069d":5,"method":"x"}')).toBe(5);
    expect(idOf('{"i\\u0064":"a"}', 1)).toBe('a');
    expect(idOf('{"\\u0069":5}')).toBeUndefined();
    expect(idOf(`{"${'i'.repeat(300)}":5}`)).toBeUndefined();
  });

  it('finds the id JSON.parse finds in any object a client writes, fed in any pieces (property)', () => {
    const keys = fc.oneof(fc.constantFrom('id', 'ID', 'idx', 'i', 'params', ''), fc.string({ unit: 'binary', maxLength: 4 }));
    const values = fc.jsonValue({ stringUnit: 'binary', maxDepth: 3 });
    const ids = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary', minLength: 250, maxLength: 260 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      values
    );
    const objects = fc
      .tuple(fc.array(fc.tuple(keys, values), { maxLength: 5 }), fc.option(ids, { nil: undefined }), fc.nat())
      .map(([entries, id, at]) => {
        if (id !== undefined) {
          entries.splice(at % (entries.length + 1), 0, ['id', id]);
        }
        return Object.fromEntries(entries);
      });
    fc.assert(
      fc.property(objects, fc.constantFrom(undefined, 1, '\t'), fc.integer({ min: 1, max: 40 }), (object, indent, piece) => {
        const json = JSON.stringify(object, null, indent);
        const id: unknown = JSON.parse(json).id;
        const kept =
          (typeof id === 'string' && Buffer.byteLength(JSON.stringify(id)) - 2 <= 256) || typeof id === 'number' ? id : undefined;
        expect(idOf(json, piece)).toBe(kept);
        // Not the top-level object: no id.
        expect(idOf(`[${json}]`, piece)).toBeUndefined();
        expect(idOf(`{"params":${json}}`, piece)).toBeUndefined();
      }),
      { numRuns: 400 }
    );
  });

  // A line that is not JSON is not answered as one (its id would be a guess): what the scanner
  // does find is only the first value right after "id": at depth 1 of the object, never a
  // value after it, one with no colon before it, or one outside the object; and a key only
  // after { or a comma.
  describe('in a line that is not JSON', () => {
    it('keeps the value right after "id":, not one after it', () => {
      expect(idOf('{"id":1 2}')).toBe(1);
      expect(idOf('{"id":"a" "b"}')).toBe('a');
      expect(idOf('{"id":"a":5}')).toBe('a');
      expect(idOf('{"id":1:5}')).toBe(1);
      expect(idOf('{"id":"a" 5}')).toBe('a');
    });

    it('takes no value after a nested one as the id', () => {
      expect(idOf('{"id":[1] 2}')).toBeUndefined();
      expect(idOf('{"id":[] "x"}')).toBeUndefined();
      expect(idOf('{"id":{"a":1} 5}')).toBeUndefined();
      expect(idOf('{"id":{"a":"b"} "c"}')).toBeUndefined();
      expect(idOf('{"id":[{"a":1},2] 5}')).toBeUndefined();
    });

    it('reads a key only after { or a comma of the object', () => {
      expect(idOf('{"a":[] "id":5}')).toBeUndefined();
      expect(idOf('{"a":{} "id":5}')).toBeUndefined();
      expect(idOf('{"a":[1,2] "id":5}')).toBeUndefined();
      expect(idOf('{"a":{"b":1,"c":2} "id":5}')).toBeUndefined();
      expect(idOf('{"a":"b" "id":5}')).toBeUndefined();
      expect(idOf('{"a":1 "id":5}')).toBeUndefined();
      expect(idOf('{{} "id":5}')).toBeUndefined();
      expect(idOf('{"id"[]:5}')).toBeUndefined();
      expect(idOf('{"a" {"b":1,"id":5}}')).toBeUndefined();
    });

    it('reads no key in a top-level array', () => {
      expect(idOf('["id":5]')).toBeUndefined();
      expect(idOf('[1,"id":5]')).toBeUndefined();
      expect(idOf('{"a":1,}["id":5]')).toBeUndefined();
      expect(idOf('[{"id":1},"id":5]')).toBeUndefined();
    });

    it('takes no value without the colon, and none outside the object', () => {
      expect(idOf('{"id" 5}')).toBeUndefined();
      expect(idOf('{"id" "x"}')).toBeUndefined();
      expect(idOf('{"id":}7 ')).toBeUndefined();
      expect(idOf('{"id":}"x"')).toBeUndefined();
      expect(idOf('"id":7 ')).toBeUndefined();
      expect(idOf('{"a":1,}"id":7 ')).toBeUndefined();
      expect(idOf('{"id"}:7 ')).toBeUndefined();
    });
  });
});
