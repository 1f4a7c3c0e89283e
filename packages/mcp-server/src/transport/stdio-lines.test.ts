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

  it('reads a line of exactly the limit, in one chunk or several, and skips one a byte longer', () => {
    const exactly = '{"id":1,"x":"abcdefgh"}';
    const reader = new LineReader(exactly.length);
    expect(feedAll(reader, `${exactly}\n`)).toEqual([{ kind: 'line', text: exactly }]);
    expect(feedAll(reader, exactly.slice(0, 7), exactly.slice(7), '\n')).toEqual([{ kind: 'line', text: exactly }]);
    const over = '{"id":2,"x":"abcdefghi"}';
    expect(feedAll(reader, over.slice(0, 7), over.slice(7), '\n')).toEqual([{ kind: 'oversized', bytes: over.length, id: 2 }]);
    expect(feedAll(reader, `${exactly}\n`)).toEqual([{ kind: 'line', text: exactly }]);
  });

  it('leaves out lines of spaces only, and keeps a carriage return inside a line', () => {
    const reader = new LineReader(100);
    expect(feedAll(reader, '  \t \r\n{"a":"x\ry"}\r\n')).toEqual([{ kind: 'line', text: '{"a":"x\ry"}' }]);
  });

  it('reads the line after a skipped one whole, whatever was held of the skipped one', () => {
    const reader = new LineReader(10);
    expect(feedAll(reader, '{"id":1,', '"x":"abcdefgh"}\n{"id":2}\n')).toEqual([
      { kind: 'oversized', bytes: 23, id: 1 },
      { kind: 'line', text: '{"id":2}' }
    ]);
    expect(feedAll(reader, '{"id":', '12345', '678}\n', '{"b":3}\n')).toEqual([
      { kind: 'oversized', bytes: 15, id: 12345678 },
      { kind: 'line', text: '{"b":3}' }
    ]);
  });

  it('counts the bytes of a long line, not its characters', () => {
    const reader = new LineReader(10);
    expect(feedAll(reader, '"ééééé"\n')).toEqual([{ kind: 'oversized', bytes: 12, id: undefined }]);
    expect(feedAll(reader, '"éééé"\n')).toEqual([{ kind: 'line', text: '"éééé"' }]);
  });
});
