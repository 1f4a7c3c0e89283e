// Serves the JupyterLite site for trying things by hand, with the built bridge
// (and any --extension next to it) installed and paired with this user's
// jupyter-live-mcp server (its token file), prints its URLs and keeps it up until Ctrl-C.
//   tsx test-pages/jupyterlite/src/cli.ts [--port N] [--extension DIR ...] [--settings JSON]
// The Lab UI's URL goes to stdout (first line), then the Notebook UI's file browser.
import { parseArgs } from 'node:util';
import { pairedSettings } from '../../jupyterlab/src/paired-settings.js';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { cliPageOptions, stopOnSignal } from '../../jupyterlab/src/script.js';
import { startJupyterLiteSite } from './jupyterlite-site.js';

function parseSettings(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Reported below, with what is expected.
  }
  throw new Error(
    `--settings ${text}: expected a JSON object of plugin id -> settings, e.g. '{"jupyter-live-mcp-bridge:plugin": {"serverUrls": ["ws://127.0.0.1:8767"]}}'`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      extension: { type: 'string', multiple: true },
      settings: { type: 'string' }
    }
  });
  const { port, extensions } = cliPageOptions(values);
  const settings = await pairedSettings(parseSettings(values.settings));

  const site = await startJupyterLiteSite({
    port,
    extensions,
    settings,
    // Logs go to stderr: stdout carries only the URLs.
    log: (line) => process.stderr.write(`${line}\n`)
  });
  process.stdout.write(`${site.url}\n${site.treeUrl}\n`);
  stopOnSignal(site);
}

runMain(main);
