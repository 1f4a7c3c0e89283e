// What the try-lab and try-notebook7 CLIs do: start their page for trying things by
// hand, with the built bridge (and any --extension next to it) installed and paired
// with this user's jupyter-live-mcp server (its token file), print its URL and keep
// it up until Ctrl-C.
import { parseArgs } from 'node:util';
import { BRIDGE_PLUGIN_ID as BRIDGE_PLUGIN, DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { pairedSettings } from './paired-settings.js';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { cliPageOptions, stopOnSignal } from './script.js';
import type { ServerPage, ServerPageOptions } from './server-page.js';

/**
 * Runs the CLI on this process's arguments: [--port N] [--server-port N] [--extension DIR ...].
 * --server-port: the port of the jupyter-live-mcp server to pair with (its --port), default 8767.
 */
export function runServerPageCli(start: (options: ServerPageOptions) => Promise<ServerPage>): void {
  runMain(async () => {
    const { values } = parseArgs({
      options: {
        port: { type: 'string' },
        'server-port': { type: 'string' },
        extension: { type: 'string', multiple: true }
      }
    });
    const { port, extensions } = cliPageOptions(values);
    const serverPort = values['server-port'] === undefined ? DEFAULT_BRIDGE_PORT : Number(values['server-port']);
    if (!Number.isInteger(serverPort) || serverPort < 1 || serverPort > 65535) {
      throw new Error(`--server-port ${values['server-port']}: expected the port the jupyter-live-mcp server listens on (its --port)`);
    }

    const page = await start({
      port,
      extensions,
      userSettings: await pairedSettings({ [BRIDGE_PLUGIN]: { serverUrls: [`ws://127.0.0.1:${serverPort}`] } }),
      // Server logs go to stderr: stdout carries only the URL.
      log: (line) => process.stderr.write(`${line}\n`)
    });
    process.stderr.write(`The page's files are in ${page.rootDir}; it pairs with the server at ws://127.0.0.1:${serverPort}.\n`);
    process.stdout.write(`${page.url}\n`);
    stopOnSignal(page);
  });
}
