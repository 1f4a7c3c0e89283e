// Starts the Notebook 7 test page for trying things by hand, by default with the
// built bridge installed, prints its URL and keeps it up until Ctrl-C.
//   tsx test-pages/notebook7/src/cli.ts [--port N] [--extension DIR ...]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startNotebook7Page } from './notebook7-page.js';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bridgeDir = path.join(repoDir, 'packages', 'lab-bridge', 'labextension');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      extension: { type: 'string', multiple: true }
    }
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port ${values.port}: expected a port number (0 picks a free one)`);
  }
  const extensions = values.extension ?? [bridgeDir];
  if (!values.extension && !existsSync(bridgeDir)) {
    throw new Error(`The bridge is not built (${bridgeDir} is missing): run the build first (scripts/pnpm build).`);
  }

  const page = await startNotebook7Page({
    port,
    extensions,
    // Server logs go to stderr: stdout carries only the URL.
    log: line => process.stderr.write(`${line}\n`)
  });
  process.stdout.write(`${page.url}\n`);
  const shutdown = () => {
    void page.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
