// Builds the bridge's Python wheel (python/pyproject.toml) into dist/ from the
// labextension the build just made, with Debian's python3-build and
// python3-hatchling: no PyPI needed.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Debian's Python: the one that sees the Debian packages (a pyenv python3 on PATH does not).
const python = '/usr/bin/python3';
const project = fileURLToPath(new URL('../python', import.meta.url));
const dist = fileURLToPath(new URL('../dist', import.meta.url));

try {
  execFileSync(python, ['-c', 'import build, hatchling'], { stdio: 'ignore' });
} catch {
  console.error(
    `Building the bridge's wheel needs ${python} with build and hatchling. From the repo root, run scripts/system-deps ` +
      '(it installs python3-build and python3-hatchling), then build again.'
  );
  process.exit(1);
}
rmSync(dist, { recursive: true, force: true });
// --skip-dependency-check: Debian's hatchling lists `editables`, which Debian lacks and only editable installs use.
execFileSync(python, ['-m', 'build', '--no-isolation', '--skip-dependency-check', '--wheel', '--outdir', dist, project], {
  stdio: ['ignore', 'ignore', 'inherit']
});
console.log(`Built the bridge's wheel: ${readdirSync(dist).map((file) => `packages/lab-bridge/dist/${file}`)}`);
