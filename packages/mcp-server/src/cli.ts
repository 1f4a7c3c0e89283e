#!/usr/bin/env node
/**
 * jupyter-live-mcp: finds the command on the command line (cli/command-line.ts)
 * and runs it; a mistake on the command line exits with 2, a failure with 1.
 */
import { readFileSync } from 'node:fs';
import { parseCommandLine } from './cli/command-line.js';
import { CliError } from './cli/flags.js';
import { USAGE } from './cli/usage.js';

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

async function main(): Promise<void> {
  const line = parseCommandLine(process.argv.slice(2));
  if (line.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (line.kind === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  await line.run(VERSION);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`jupyter-live-mcp: ${message}\n`);
  if (error instanceof CliError) {
    process.exit(2);
  }
  process.exit(1);
});
