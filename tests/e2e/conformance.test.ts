/**
 * The official MCP conformance suite against the built CLI with --http: every
 * scenario that applies passes, and the ones that cannot (the suite's own test
 * tools, resources and prompts, which this server does not offer) are listed
 * with why in conformance-expected-failures.yaml, so a regression, or a
 * listed scenario that starts passing, fails here. The suite needs Node 22 and
 * sends no headers of its own: scripts/conformance-setup installs both from npm,
 * and a loopback proxy adds the bearer key.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServer } from './support/http-server.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const INSTALL = path.join(REPO, '.cache/conformance/node_modules');
const SUITE = path.join(INSTALL, '@modelcontextprotocol/conformance/dist/index.js');
const NODE_BIN = path.join(INSTALL, `node-${process.platform}-${process.arch}`, 'bin');
const EXPECTED_FAILURES = fileURLToPath(new URL('./conformance-expected-failures.yaml', import.meta.url));

let server: HttpServer;
let proxy: Server;

/** Passes every request on to the server as it came (Host, Origin and all), with the bearer key added. */
function keyAddingProxy(target: URL, bearer: string): Promise<Server> {
  const forward = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, authorization: `Bearer ${bearer}` }
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      }
    );
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => forward.listen(0, '127.0.0.1', () => resolve(forward)));
}

beforeAll(async () => {
  server = await startHttpServer();
  proxy = await keyAddingProxy(new URL(server.url), server.bearer);
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await server?.stop();
});

describe('the MCP conformance suite over --http', () => {
  it('passes every scenario that applies, and fails only those listed as not applying', async () => {
    expect(existsSync(SUITE) && existsSync(NODE_BIN), 'the conformance suite is not installed: run scripts/conformance-setup').toBe(true);
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
    const child = spawn(path.join(NODE_BIN, 'node'), [SUITE, 'server', '--url', url, '--expected-failures', EXPECTED_FAILURES], {
      env: { ...process.env, PATH: `${NODE_BIN}${path.delimiter}${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe']
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const summary = output.slice(output.lastIndexOf('=== SUMMARY ==='));
    expect({ code, summary }, output).toMatchObject({ code: 0 });
    // The scenarios that apply, named so a suite that stopped running them is noticed.
    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection']) {
      expect(summary).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
    }
  }, 180_000);
});
