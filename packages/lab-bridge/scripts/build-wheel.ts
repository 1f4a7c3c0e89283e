// Builds the bridge's Python wheel (python/pyproject.toml) into dist/ from the
// labextension the build just made, with Debian's python3-build and
// python3-hatchling: no PyPI needed. Without them it skips or fails (wheel-step.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WHEEL_ENV, wheelStep } from './wheel-step.js';

// Debian's Python: the one that sees the Debian packages (a pyenv python3 on PATH does not).
const python = '/usr/bin/python3';
const project = fileURLToPath(new URL('../python', import.meta.url));
const dist = fileURLToPath(new URL('../dist', import.meta.url));

function hasModules(): boolean {
  try {
    execFileSync(python, ['-c', 'import build, hatchling'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// Emptied first, so a skipped build leaves no stale wheel behind.
rmSync(dist, { recursive: true, force: true });
const step = wheelStep(process.env[WHEEL_ENV], python, hasModules());
if (step.kind !== 'build') {
  console.error(step.message);
  process.exit(step.kind === 'fail' ? 1 : 0);
}
// --skip-dependency-check: Debian's hatchling lists `editables`, which Debian lacks and only editable installs use.
execFileSync(python, ['-m', 'build', '--no-isolation', '--skip-dependency-check', '--wheel', '--outdir', dist, project], {
  stdio: ['ignore', 'ignore', 'inherit']
});
console.log(`Built the bridge's wheel: ${readdirSync(dist).map((file) => `packages/lab-bridge/dist/${file}`)}`);
