/**
 * The repo's scripts as a person runs them: scripts/pnpm keeps pnpm's "Update
 * available" notice out.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url));

describe('scripts/pnpm', () => {
  it('runs pnpm with its update notice off: the version is pinned', async () => {
    const { stdout } = await run(script('pnpm'), ['config', 'get', 'update-notifier']);
    expect(stdout.trim()).toBe('false');
  });
});
