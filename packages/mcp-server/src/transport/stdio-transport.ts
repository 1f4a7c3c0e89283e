/**
 * MCP over stdio, where bad input is answered instead of ending the server.
 * The SDK's StdioServerTransport closes itself, and so the server, when a
 * message is over its 10 MiB buffer. Here a line over that limit is skipped
 * as it streams in (stdio-lines.ts) and its request answered with an error; a
 * line that is not JSON, or a request that is not JSON-RPC, is answered too,
 * where the SDK's transport dropped it and left the client waiting; params of
 * the wrong shape are answered as invalid params (message-problems.ts).
 */
import type { Readable, Writable } from 'node:stream';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';
import { collectGarbageSoon } from '../heap-release.js';
import { messageChunks } from './answer-json.js';
import type { RequestId } from './id-scanner.js';
import { paramsProblemOf } from './message-problems.js';
import { LineReader, type Line } from './stdio-lines.js';

/** The most one message may take: what the SDK's stdio client reads too. */
export const MAX_STDIO_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

/** A big answer is written in chunks of this many characters (a quoted one's escaped: up to twice as many). */
const WRITE_CHUNK_CHARS = 64 * 1024;
/**
 * An answer of this many characters or more leaves enough garbage to collect at once (heap-release.ts), among it
 * the page's bytes of a kept result, outside V8's heap, which V8 does not hurry to free. A smaller answer's are
 * left to V8's own collections: collecting after each would cost more time than the memory is worth.
 */
const COLLECT_AFTER_CHARS = 256 * 1024;

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '');

export interface StdioTransportOptions {
  log: Logger;
  stdin?: Readable;
  stdout?: Writable;
  maxMessageBytes?: number;
}

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly log: Logger;
  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxMessageBytes: number;
  private readonly lines: LineReader;
  /** The last message's write while it is under way: the next waits for it. */
  private writing: Promise<void> | undefined;

  constructor(options: StdioTransportOptions) {
    this.log = options.log;
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxMessageBytes = options.maxMessageBytes ?? MAX_STDIO_MESSAGE_BYTES;
    this.lines = new LineReader(this.maxMessageBytes);
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) {
      this.stdin.pause();
    }
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer): void => {
    for (const line of this.lines.feed(chunk)) {
      this.receive(line);
    }
  };

  private readonly onStdinError = (error: Error): void => {
    this.onerror?.(error);
  };

  private receive(line: Line): void {
    if (line.kind === 'oversized') {
      this.log.warn(`refused an MCP message of ${mib(line.bytes)} MiB: over the ${mib(this.maxMessageBytes)} MiB one message may take`);
      this.answerRequest(
        line.id,
        ErrorCode.InvalidRequest,
        `The request of ${mib(line.bytes)} MiB is over the ${mib(this.maxMessageBytes)} MiB this server reads in one message ` +
          '(as MCP stdio clients do): send big content in smaller parts, over several calls.'
      );
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch {
      this.log.debug('an MCP message that is not JSON: answered with a parse error');
      this.answer(null, ErrorCode.ParseError, 'Parse error: a line on stdin is not JSON (MCP over stdio is one JSON-RPC message a line).');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success || (parsed.data as { method?: unknown }).method === 'initialize') {
      const problem = paramsProblemOf(json);
      if (problem) {
        this.log.debug(`an MCP request with invalid params: answered (${problem.message})`);
        this.answerRequest(idOf(json), problem.code, problem.message);
        return;
      }
    }
    if (!parsed.success) {
      this.log.debug('an MCP message that is not JSON-RPC 2.0: answered if it has an id');
      this.answerRequest(
        idOf(json),
        ErrorCode.InvalidRequest,
        'Invalid Request: not a JSON-RPC 2.0 message (jsonrpc, id, method, params as an object).'
      );
      return;
    }
    // The message as sent, not zod's copy of it: the copy loses keys such as "__proto__", which the tools/call check refuses.
    this.onmessage?.(json as JSONRPCMessage);
  }

  /** Only a request, which has an id, gets an answer: a notification never does. */
  private answerRequest(id: RequestId | undefined, code: ErrorCode, message: string): void {
    if (id !== undefined) {
      this.answer(id, code, message);
    }
  }

  /** JSON-RPC's id is null when the request's cannot be told. */
  private answer(id: RequestId | null, code: ErrorCode, message: string): void {
    void this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  /**
   * Messages go out in order, a chunk at a time (answer-json.ts), corked until
   * the stream's buffer is full: a small one in one write, as always; a big
   * answer chunk by chunk, each once the last is past the buffer, so neither
   * its text as one string nor a copy of it waiting for the client is ever
   * held whole. After a big one, the garbage it leaves is collected.
   */
  private write(message: unknown): Promise<void> {
    const run = () => this.writeChunks(messageChunks(message, WRITE_CHUNK_CHARS));
    const written = this.writing ? this.writing.then(run, run) : run();
    this.writing = written;
    const settled = () => {
      if (this.writing === written) {
        this.writing = undefined;
      }
    };
    written.then(settled, settled);
    return written;
  }

  private async writeChunks(chunks: Iterable<string | Buffer>): Promise<void> {
    let chars = 0;
    let flowing = true;
    this.stdout.cork();
    try {
      for (const chunk of chunks) {
        chars += chunk.length;
        if (Buffer.isBuffer(chunk)) {
          // A big answer's piece, whose memory the next may take (answer-json.ts): out before the next is made.
          this.stdout.uncork();
          await written(this.stdout, chunk);
          this.stdout.cork();
        } else if (!this.stdout.write(chunk)) {
          this.stdout.uncork();
          await drained(this.stdout);
          this.stdout.cork();
        }
      }
      // Corked, the last write says whether all of them are past the stream's buffer.
      flowing = this.stdout.write('\n');
    } finally {
      this.stdout.uncork();
    }
    if (!flowing) {
      await drained(this.stdout);
    }
    if (chars >= COLLECT_AFTER_CHARS) {
      void collectGarbageSoon();
    }
  }
}

/** Resolves once `chunk` has been handed to the system, or the stream failed (the server stops on that, serve.ts). */
function written(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    stream.write(chunk, () => resolve());
  });
}

/** Resolves once `stream` has drained, or can take no more (closed, failed: the server stops on those, serve.ts). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    stream.on('drain', done).on('close', done).on('error', done);
  });
}

/** The id of a JSON value that is not a valid JSON-RPC message, if it has a usable one. */
function idOf(json: unknown): RequestId | undefined {
  const id = typeof json === 'object' && json !== null ? (json as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
