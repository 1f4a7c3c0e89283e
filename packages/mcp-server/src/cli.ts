#!/usr/bin/env node
/**
 * jupyter-live-mcp: MCP over stdio in front, the loopback bridge endpoint behind.
 */
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CliError, USAGE, parseCli } from './cli-options.js';
import { startBridgeEndpoint } from './hub/bridge-endpoint.js';
import { PageRouter } from './hub/page-router.js';
import { createLogger } from './log.js';
import { installCommand, tokenCommand, uninstallCommand } from './install/setup-commands.js';
import { loadToken } from './pairing-token.js';
import { buildMcpServer } from './mcp/mcp-server.js';
import { startMcpHttpEndpoint } from './mcp/http-transport.js';
import { httpBearer } from './mcp/http-auth.js';
import { doctorCommand } from './doctor/doctor-command.js';
import { startLite } from './lite/start-lite.js';

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2));
  if (options.command === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (options.command === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  if (options.command === 'token') {
    return tokenCommand(options);
  }
  if (options.command === 'install') {
    return installCommand(options);
  }
  if (options.command === 'uninstall') {
    return uninstallCommand(options);
  }
  if (options.command === 'doctor') {
    process.exitCode = await doctorCommand(options, VERSION);
    return;
  }
  const log = createLogger(options.logLevel);
  const router = new PageRouter();
  const token = await loadToken();
  const endpoint = await startBridgeEndpoint({
    hosts: options.hosts,
    publicPorts: options.publicPorts,
    allowOrigins: options.allowOrigins,
    token,
    port: options.port,
    router,
    log,
    serverVersion: VERSION,
    maxMessageBytes: options.maxMessageBytes
  });
  log.info(`jupyter-live-mcp ${VERSION}: waiting for pages on ${endpoint.url}`);

  const newServer = () => buildMcpServer({ router, log, version: VERSION, bridgeUrl: endpoint.url });
  const lite =
    options.lite &&
    (await startLite(options.lite, { serverUrl: endpoint.url, pairOrigins: (origins, liteToken) => endpoint.pairOrigins(origins, liteToken), log }));
  if (options.http) {
    // No stdio here: the agents come and go, and the server runs until it is stopped.
    const http = await startMcpHttpEndpoint({ ...options.http, allowOrigins: options.allowOrigins, bearer: httpBearer(token), log, newServer });
    process.stderr.write(`jupyter-live-mcp: MCP endpoint (Streamable HTTP): ${http.url}\n`);
    const stopHttp = async (signal: string) => {
      log.info(`stopping: ${signal}`);
      await lite?.stop();
      await http.close();
      await endpoint.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stopHttp('SIGINT'));
    process.once('SIGTERM', () => void stopHttp('SIGTERM'));
    return;
  }
  const server = newServer();
  const transport = new StdioServerTransport();
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`stopping: ${why}`);
    await lite?.stop();
    await endpoint.close();
    await server.close();
    process.exit(0);
  };
  // The MCP client owns our lifetime: when it closes stdin, we go.
  process.stdin.on('end', () => void stop('the MCP client closed stdin'));
  process.stdout.on('error', () => void stop('the MCP client closed stdout'));
  transport.onclose = () => void stop('the MCP transport closed');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await server.connect(transport);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`jupyter-live-mcp: ${message}\n`);
  if (error instanceof CliError) {
    process.exit(2);
  }
  process.exit(1);
});
