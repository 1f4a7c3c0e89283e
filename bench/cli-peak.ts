/**
 * The CLI's peak memory on big answers, without a browser: the built CLI over
 * stdio (lines written and read raw, the answers never parsed here) and a page
 * without a browser (tests/e2e/support/fuzz/fake-page.ts) answering every call
 * with the same result frame. Prints the peak above idle after the first read
 * and after all of them, against the largest answer's bytes.
 *
 *   tsx bench/cli-peak.ts RESULT_JSON_FILE [reads] [clientName] [-- node flags]
 *
 * PEAK_CLI runs another build of the CLI; PEAK_CLIENT_PARSE parses each answer
 * as an SDK client does; PEAK_* and MALLOC_* variables are passed on to the CLI.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectFakePage } from '../tests/e2e/support/fuzz/fake-page.js';
import { CLI_PATH, freePort, pairingConfig } from '../tests/e2e/support/mcp-session.js';
import { CLI_NODE } from './config.js';
import { cpuMs } from './process-cpu.js';
import { memoryOf } from './rss.js';

const [resultFile, readsArg = '13', clientName = 'bench', ...rest] = process.argv.slice(2);
const nodeFlags = rest[0] === '--' ? rest.slice(1) : [];
const resultJson = readFileSync(resultFile!, 'utf8');
const reads = Number(readsArg);
const MB = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const port = await freePort();
const { configDir, token } = await pairingConfig();
const child = spawn(CLI_NODE, [...nodeFlags, process.env.PEAK_CLI ?? CLI_PATH, '--port', String(port)], {
  env: { ...getDefaultEnvironment(), ...extraEnv(), JUPYTER_LIVE_MCP_CONFIG_DIR: configDir },
  stdio: ['pipe', 'pipe', 'inherit']
});
let pending = Buffer.alloc(0);
const waiting = new Map<number, (bytes: number) => void>();
child.stdout!.on('data', (chunk: Buffer) => {
  pending = Buffer.concat([pending, chunk]);
  for (let end = pending.indexOf(10); end !== -1; end = pending.indexOf(10)) {
    const line = pending.subarray(0, end);
    pending = pending.subarray(end + 1);
    // As an SDK client reads it (PEAK_CLIENT_PARSE set): the whole line parsed.
    if (process.env.PEAK_CLIENT_PARSE) JSON.parse(line.toString());
    // The id is near the start or the end of the line; the line is not parsed.
    const id = /"id":(\d+)/.exec(line.subarray(0, 64).toString() + line.subarray(-64).toString())?.[1];
    if (id !== undefined) waiting.get(Number(id))?.(line.length + 1);
    // Lines that are not JSON-RPC (a V8 flag's trace): passed on.
    else if (line[0] !== 123) process.stderr.write(`${line.toString()}\n`);
  }
});
let nextId = 1;
const request = (method: string, params: object) =>
  new Promise<number>((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });

await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '0' } });
child.stdin!.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
await connectFakePage({
  url: `ws://127.0.0.1:${port}`,
  token,
  identity: { pageId: 'peak-page', app: { name: 'JupyterLab', version: '4' }, url: 'http://127.0.0.1/lab', title: 'peak' },
  tools: [
    {
      name: 'read_notebook',
      description: 'reads',
      inputSchema: { type: 'object' },
      hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: true }
    }
  ],
  answer(call, page) {
    page.send(`{"type":"result","callId":${JSON.stringify(call.callId)},"result":${resultJson}}`);
  }
});
await sleep(3000);
const idle = memoryOf(child.pid!).rss;
writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
const peaks: number[] = [];
let largest = 0;
const started = performance.now();
const cpuBefore = cpuMs(child.pid!);
for (let i = 0; i < reads; i++) {
  largest = Math.max(largest, await request('tools/call', { name: 'read_notebook', arguments: {} }));
  peaks.push(memoryOf(child.pid!).peak - idle);
}
const elapsed = performance.now() - started;
const cpu = cpuMs(child.pid!) - cpuBefore;
const line = (label: string, above: number) => `${label} ${MB(above)} above idle (${(above / largest).toFixed(2)}×)`;
process.stdout.write(
  `${JSON.stringify({ nodeFlags, clientName })} idle ${MB(idle)}, answer ${MB(largest)}, frame ${MB(Buffer.byteLength(resultJson) + 40)}; ` +
    `${line('first read', peaks[0]!)}; ${line(`${reads} reads`, peaks.at(-1)!)}; ${(elapsed / reads).toFixed(0)} ms a read, the CLI's CPU ${(cpu / reads).toFixed(2)} ms a read\n`
);
child.kill();

/** Variables for experiments (PEAK_*) and the C library's (MALLOC_*), passed on. */
function extraEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(PEAK|MALLOC)_/.test(name))) as Record<string, string>;
}
