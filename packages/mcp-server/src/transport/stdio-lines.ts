/**
 * Splits MCP's stdio stream into its newline-delimited messages, holding at
 * most `maxBytes` of one. A longer line is skipped as it streams in, in
 * constant memory, with only the top-level JSON-RPC "id" kept from it (id-scanner.ts), so
 * its request can still be answered. Pure: bytes in, lines out.
 */
import { IdScanner, type RequestId } from './id-scanner.js';

export type Line = { kind: 'line'; text: string } | { kind: 'oversized'; bytes: number; id: RequestId | undefined };

const NEWLINE = 0x0a;

export class LineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while a line over the limit streams past. */
  private skipping: IdScanner | undefined;

  constructor(private readonly maxBytes: number) {}

  /** The lines this chunk ends, blank ones left out. */
  feed(chunk: Buffer): Line[] {
    const lines: Line[] = [];
    let rest = chunk;
    for (let newline = rest.indexOf(NEWLINE); newline !== -1; newline = rest.indexOf(NEWLINE)) {
      this.take(rest.subarray(0, newline));
      const line = this.endLine();
      if (line.kind === 'oversized' || line.text.trim()) {
        lines.push(line);
      }
      rest = rest.subarray(newline + 1);
    }
    this.take(rest);
    return lines;
  }

  private take(part: Buffer): void {
    if (this.skipping) {
      this.skipping.feed(part);
      this.size += part.length;
      return;
    }
    if (this.size + part.length <= this.maxBytes) {
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    this.skipping = new IdScanner();
    for (const held of [...this.chunks, part]) {
      this.skipping.feed(held);
    }
    this.chunks = [];
    this.size += part.length;
  }

  private endLine(): Line {
    const { skipping, size } = this;
    const text = skipping ? '' : Buffer.concat(this.chunks, size).toString('utf8');
    this.chunks = [];
    this.size = 0;
    this.skipping = undefined;
    return skipping ? { kind: 'oversized', bytes: size, id: skipping.id } : { kind: 'line', text: text.replace(/\r$/, '') };
  }
}
