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
});
