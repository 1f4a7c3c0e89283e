// What the try-lab and try-notebook7 CLIs do: start their page for trying things by
// hand, with the built bridge (and any --extension next to it) installed and paired
// with this user's jupyter-live-mcp server (its token file), print its URL and keep
// it up until Ctrl-C.
import { parseArgs } from 'node:util';
import { pairedSettings } from './paired-settings.js';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { cliPageOptions, stopOnSignal } from './script.js';
import type { ServerPage, ServerPageOptions } from './server-page.js';

/** Runs the CLI on this process's arguments: [--port N] [--extension DIR ...]. */
export function runServerPageCli(start: (options: ServerPageOptions) => Promise<ServerPage>): void {
  runMain(async () => {
    const { values } = parseArgs({
      options: {
        port: { type: 'string' },
        extension: { type: 'string', multiple: true }
      }
    });
    const { port, extensions } = cliPageOptions(values);

    const page = await start({
      port,
      extensions,
      userSettings: await pairedSettings(),
      // Server logs go to stderr: stdout carries only the URL.
      log: (line) => process.stderr.write(`${line}\n`)
    });
    process.stdout.write(`${page.url}\n`);
    stopOnSignal(page);
  });
}
