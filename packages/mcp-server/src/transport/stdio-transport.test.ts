/**
 * The stdio transport on in-memory streams: messages through, and bad input
 * answered with JSON-RPC errors while the transport stays open.
 */
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeResultMessage, succeed, toolResultContent } from '@jupyter-live-mcp/protocol';
import { rawResultMessage } from '../hub/raw-result.js';
import { createLogger } from '../log.js';
import { toCallToolResult } from '../mcp/result-mapping.js';
import { withResultJson } from './answer-json.js';
import { StdioTransport } from './stdio-transport.js';

function open(maxMessageBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const logLines: string[] = [];
  const transport = new StdioTransport({
    log: createLogger('warn', (line) => logLines.push(line)),
    stdin,
    stdout,
    ...(maxMessageBytes ? { maxMessageBytes } : {})
  });
  const received: unknown[] = [];
  let closed = false;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => {
    closed = true;
  };
  const answers: unknown[] = [];
  let pending = '';
  stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    answers.push(...lines.map((line) => JSON.parse(line)));
  });
  return { transport, stdin, received, answers, logLines, closed: () => closed };
}

describe('StdioTransport', () => {
  it('passes JSON-RPC messages on and writes answers one a line', async () => {
    const { transport, stdin, received, answers } = open();
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await expect.poll(() => received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await expect.poll(() => answers).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('answers a request over the limit with an error naming its size, logs it, and reads on', async () => {
    const { transport, stdin, received, answers, logLines, closed } = open(1024 * 1024);
    await transport.start();
    stdin.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"a","arguments":{"text":"${'x'.repeat(1536 * 1024)}"}},"id":3}\n`);
    stdin.write('{"jsonrpc":"2.0","id":4,"method":"ping"}\n');
    await expect
      .poll(() => answers)
      .toEqual([
        {
          jsonrpc: '2.0',
          id: 3,
          error: {
            code: -32600,
            message: expect.stringMatching(/^The request of 1\.5 MiB is over the 1 MiB this server reads in one message .*smaller parts/)
          }
        }
      ]);
    await expect.poll(() => received).toEqual([{ jsonrpc: '2.0', id: 4, method: 'ping' }]);
    expect(logLines).toEqual(['[jupyter-live-mcp] warn: refused an MCP message of 1.5 MiB: over the 1 MiB one message may take\n']);
    expect(closed()).toBe(false);
  });

  it('answers a line that is not JSON with a parse error, and a request that is not JSON-RPC with invalid request', async () => {
    const { transport, stdin, received, answers } = open();
    await transport.start();
    stdin.write('not json\n{"jsonrpc":"2.0","id":5,"method":"tools/call","params":"x"}\n{"jsonrpc":"1.0","method":"note"}\n');
    await expect
      .poll(() => answers)
      .toEqual([
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('not JSON') } },
        { jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.stringContaining('not a JSON-RPC 2.0 message') } }
      ]);
    expect(received).toEqual([]);
  });

  it('answers an initialize with wrong params as invalid params, naming the field, and passes what was sent on', async () => {
    const { transport, stdin, received, answers } = open();
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5}}\n');
    stdin.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{"__proto__":{"a":1}}}}\n');
    await expect
      .poll(() => answers)
      .toEqual([
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32602, message: 'Invalid initialize params: "params.protocolVersion" must be a string, not a number.' }
        }
      ]);
    await expect.poll(() => received.length).toBe(1);
    const args = (received[0] as { params: { arguments: object } }).params.arguments;
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
  });

  it('writes a big answer in chunks as the client reads them, and what follows it after, each whole on its line', async () => {
    // A client that reads slowly: each write is taken a moment later.
    const writes: string[] = [];
    const stdout = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk.toString());
        setTimeout(done, 1);
      }
    });
    const transport = new StdioTransport({ log: createLogger('warn', () => {}), stdin: new PassThrough(), stdout });
    const result = succeed({ text: `"😀\\${'x'.repeat(600_000)}` });
    const json = JSON.stringify(result);
    const answer = { jsonrpc: '2.0' as const, id: 1, result: withResultJson(toolResultContent(result, { json }), json) };
    const progress = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
    const sent = [transport.send(answer), transport.send(progress)];
    // The answer's text (1.2 M characters) never goes in one write.
    expect(Math.max(...writes.map((write) => write.length))).toBeLessThan(600_000);
    await Promise.all(sent);
    await expect.poll(() => writes.join('').split('\n').length).toBe(3);
    const lines = writes.join('').split('\n');
    expect(lines.map((line) => (line ? JSON.parse(line) : line))).toEqual([JSON.parse(JSON.stringify(answer)), progress, '']);
    expect(Math.max(...writes.map((write) => write.length))).toBeLessThanOrEqual(2 * 64 * 1024 + 100);
  });

  it("writes a result kept as the page's text as the same result parsed, chunk by chunk to a slow client", async () => {
    const writes: Buffer[] = [];
    const stdout = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        writes.push(Buffer.from(chunk));
        setTimeout(done, 1);
      }
    });
    const transport = new StdioTransport({ log: createLogger('warn', () => {}), stdin: new PassThrough(), stdout });
    const result = succeed({ cells: Array.from({ length: 3000 }, (_, i) => ({ id: `c${i}`, source: `"é😀\\ ${'x'.repeat(100)}` })) });
    const kept = rawResultMessage(Buffer.from(encodeResultMessage('c1', { resultJson: JSON.stringify(result), images: [] })));
    const answer = { jsonrpc: '2.0' as const, id: 2, result: toCallToolResult(kept!.answer.result) };
    const progress = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: 2, progress: 1 } };
    await Promise.all([transport.send(answer), transport.send(progress)]);
    await expect.poll(() => Buffer.concat(writes).toString().split('\n').length).toBe(3);
    const lines = Buffer.concat(writes).toString().split('\n');
    expect(lines.map((line) => (line ? JSON.parse(line) : line))).toEqual([
      JSON.parse(JSON.stringify({ ...answer, result: toCallToolResult(result) })),
      progress,
      ''
    ]);
    expect(Math.max(...writes.map((write) => write.length))).toBeLessThanOrEqual(2 * 64 * 1024 + 100);
  });
});
