// Starts the JupyterLab test page for trying things by hand, by default with the
// built bridge installed and paired with this user's jupyter-live-mcp server (its
// token file), prints its URL and keeps it up until Ctrl-C.
//   tsx test-pages/jupyterlab/src/cli.ts [--port N] [--extension DIR ...]
import { parseArgs } from 'node:util';
import { startJupyterLabPage } from './jupyterlab-page.js';
import { pairedSettings } from './paired-settings.js';
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
    userSettings: await pairedSettings(),
    // Server logs go to stderr: stdout carries only the URL.
    log: line => process.stderr.write(`${line}\n`)
  });
  process.stdout.write(`${page.url}\n`);
  stopOnSignal(page);
}

runMain(main);
