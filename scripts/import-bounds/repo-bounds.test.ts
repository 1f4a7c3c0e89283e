import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPackage } from './check-package.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The packages whose bounds are kept. packages/lab-bridge joins when its rules file arrives with its restructure. */
const CHECKED = ['packages/protocol', 'packages/mcp-server'];

describe('import bounds (packages/<pkg>/import-bounds.json)', () => {
  it.each(CHECKED)('%s imports only what its rules allow, with no import cycle', async (packageDir) => {
    expect(await checkPackage(REPO, packageDir)).toEqual([]);
  });
});
