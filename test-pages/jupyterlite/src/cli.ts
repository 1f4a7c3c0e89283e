// Serves the JupyterLite site for trying things by hand, by default with the built
// bridge installed, prints its URLs and keeps it up until Ctrl-C.
//   tsx test-pages/jupyterlite/src/cli.ts [--port N] [--extension DIR ...] [--settings JSON]
// The Lab UI's URL goes to stdout (first line), then the Notebook UI's file browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startJupyterLiteSite } from './jupyterlite-site.js';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bridgeDir = path.join(repoDir, 'packages', 'lab-bridge', 'labextension');

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
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port ${values.port}: expected a port number (0 picks a free one)`);
  }
  const extensions = values.extension ?? [bridgeDir];
  if (!values.extension && !existsSync(bridgeDir)) {
    throw new Error(`The bridge is not built (${bridgeDir} is missing): run the build first (scripts/pnpm build).`);
  }
  const settings = parseSettings(values.settings);

  const site = await startJupyterLiteSite({
    port,
    extensions,
    ...(settings ? { settings } : {}),
    // Logs go to stderr: stdout carries only the URLs.
    log: line => process.stderr.write(`${line}\n`)
  });
  process.stdout.write(`${site.url}\n${site.treeUrl}\n`);
  const shutdown = () => {
    void site.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
