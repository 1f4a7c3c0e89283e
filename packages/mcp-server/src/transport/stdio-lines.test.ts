import { describe, expect, it } from 'vitest';
import { LineReader } from './stdio-lines.js';

const feedAll = (reader: LineReader, ...chunks: string[]) => chunks.flatMap((chunk) => reader.feed(Buffer.from(chunk)));

describe('LineReader', () => {
  it('gives each newline-ended line, across chunks, without the carriage return or blank lines', () => {
    const reader = new LineReader(100);
    expect(feedAll(reader, '{"a":', '1}\r\n\n{"b"', ':2}\n{"c"')).toEqual([
      { kind: 'line', text: '{"a":1}' },
      { kind: 'line', text: '{"b":2}' }
    ]);
    expect(feedAll(reader, ':3}\n')).toEqual([{ kind: 'line', text: '{"c":3}' }]);
  });

  it('skips a line over the limit with its size and id, then reads on', () => {
    const reader = new LineReader(20);
    const big = `{"method":"tools/call","params":{"text":"${'x'.repeat(50)}"},"id":4}`;
    expect(feedAll(reader, big.slice(0, 10), big.slice(10, 45), `${big.slice(45)}\n{"id":5}\n`)).toEqual([
      { kind: 'oversized', bytes: big.length, id: 4 },
      { kind: 'line', text: '{"id":5}' }
    ]);
    expect(feedAll(reader, `${big}\n`)).toEqual([{ kind: 'oversized', bytes: big.length, id: 4 }]);
  });
});
