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
});
