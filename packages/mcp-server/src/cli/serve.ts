/**
 * `jupyter-live-mcp` itself: MCP over stdio (or --http) in front, the loopback
 * bridge endpoint behind, until the MCP client goes (stdio) or the server is
 * stopped (--http). lite runs the same server with its page beside it.
 */
import { startBridgeEndpoint } from '../hub/bridge-endpoint.js';
import { PageRouter } from '../hub/page-router.js';
import { startLite, type LiteOptions } from '../lite/start-lite.js';
import { createLogger } from '../log.js';
import { httpBearer } from '../transport/http-auth.js';
import { startMcpHttpEndpoint } from '../transport/http-transport.js';
import { buildMcpServer } from '../mcp/mcp-server.js';
import { StdioTransport } from '../transport/stdio-transport.js';
import { loadToken } from '../pairing/pairing-token.js';
import type { Command, RunContext } from './command.js';
import { parseFlags } from './flags.js';
import { SERVER_FLAGS, serverOptions, type ServerOptions } from './server-flags.js';

export const serveCommand: Command<ServerOptions> = {
  name: 'the server',
  flags: SERVER_FLAGS,
  parse: (args) => serverOptions(parseFlags(args, SERVER_FLAGS)),
  run: (options, context) => runServer(options, context)
};

export async function runServer(options: ServerOptions, { version, logLevel }: RunContext, liteOptions?: LiteOptions): Promise<void> {
  const log = createLogger(logLevel);
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
    serverVersion: version,
    maxMessageBytes: options.maxMessageBytes,
    runsAs: liteOptions ? 'lite' : options.http ? 'http' : 'stdio',
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {})
  });
  log.info(`jupyter-live-mcp ${version}: waiting for pages on ${endpoint.url}`);

  const lite = liteOptions && (await startLite(liteOptions, { serverUrl: endpoint.url, pairOrigins: endpoint.pairOrigins, router, log }));
  const newServer = () =>
    buildMcpServer({
      router,
      log,
      version,
      bridgeUrl: endpoint.url,
      tokenMismatch: endpoint.recentTokenMismatch,
      ...(lite ? { lite: lite.page } : {})
    });
  if (options.http) {
    // No stdio here: the agents come and go, and the server runs until it is stopped.
    const http = await startMcpHttpEndpoint({
      ...options.http,
      allowOrigins: options.allowOrigins,
      bearer: httpBearer(token),
      log,
      newServer
    });
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
  const transport = new StdioTransport({ log });
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
