// Starts the JupyterLab test page for trying things by hand, by default with the
// built bridge installed, prints its URL and keeps it up until Ctrl-C.
//   tsx test-pages/jupyterlab/src/cli.ts [--port N] [--extension DIR ...]
import { parseArgs } from 'node:util';
import { loadToken } from '../../../packages/mcp-server/src/pairing-token.js';
import { startJupyterLabPage } from './jupyterlab-page.js';
import { cliPageOptions, runMain, stopOnSignal } from './script.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      extension: { type: 'string', multiple: true }
    }
  });
  const { port, extensions } = cliPageOptions(values);

  const page = await startJupyterLabPage({
    port,
    extensions,
    // Paired with the jupyter-live-mcp server of this user: the same token file.
    userSettings: { 'jupyter-live-mcp-bridge:plugin': { token: await loadToken() } },
    // Server logs go to stderr: stdout carries only the URL.
    log: line => process.stderr.write(`${line}\n`)
  });
  process.stdout.write(`${page.url}\n`);
  stopOnSignal(page);
}

runMain(main);
