/**
 * What each form of a tools/call answer costs outside the page, for one real
 * answer: the result as JSON text and as structuredContent (both, as SPEC §7
 * maps every result), as text alone, and as structuredContent alone. Each form
 * is timed as the CLI and the client handle it: the server's JSON.stringify of
 * the JSON-RPC line, the line through a pipe (half a round trip through a Node
 * process that echoes stdin), and the client's JSON.parse. The call itself
 * always sends both; this says what sending one would save.
 */
import { spawn } from 'node:child_process';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { summarise } from './stats.js';

export interface MessageForm {
  name: string;
  /** The JSON-RPC line's length (ASCII here, so bytes). */
  chars: number;
  /** p50 of the server's stringify, half the pipe's round trip, and the client's parse, in ms. */
  stringifyMs: number;
  pipeMs: number;
  parseMs: number;
}

const ROUNDS = 30;

export async function measureMessageForms(answer: CallToolResult): Promise<MessageForm[]> {
  const { content, structuredContent, isError } = answer;
  const pictures = content.filter((block) => block.type !== 'text');
  const forms: [string, CallToolResult][] = [
    ['text and structuredContent (as sent)', { content, structuredContent, isError }],
    ['text alone', { content, isError }],
    ['structuredContent alone', { content: pictures, structuredContent, isError }]
  ];
  const echo = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const measured: MessageForm[] = [];
    for (const [name, result] of forms) {
      const message = { jsonrpc: '2.0', id: 1, result };
      const stringify: number[] = [];
      const pipe: number[] = [];
      const parse: number[] = [];
      let line = '';
      for (let round = 0; round < ROUNDS; round++) {
        let started = performance.now();
        line = `${JSON.stringify(message)}\n`;
        stringify.push(performance.now() - started);
        started = performance.now();
        await roundTrip(echo, line);
        pipe.push((performance.now() - started) / 2);
        started = performance.now();
        JSON.parse(line);
        parse.push(performance.now() - started);
      }
      measured.push({
        name,
        chars: line.length - 1,
        stringifyMs: summarise(stringify).p50,
        pipeMs: summarise(pipe).p50,
        parseMs: summarise(parse).p50
      });
    }
    return measured;
  } finally {
    echo.kill();
  }
}

/** Writes `line` to the echoing process and resolves once all of it came back. */
function roundTrip(echo: ReturnType<typeof spawn>, line: string): Promise<void> {
  return new Promise((resolve) => {
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received >= line.length) {
        echo.stdout!.off('data', onData);
        resolve();
      }
    };
    echo.stdout!.on('data', onData);
    echo.stdin!.write(line);
  });
}

export const formCost = (form: MessageForm): number => form.stringifyMs + form.pipeMs + form.parseMs;
