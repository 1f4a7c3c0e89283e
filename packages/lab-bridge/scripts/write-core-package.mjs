// Writes .build/core.package.json, the JupyterLab release file the labextension build
// reads its shared-package ranges from: @jupyterlab/core-meta's (the release the bridge is
// built and tested against) with the bridge's own dependency ranges in its place, so the
// built extension asks a page for the releases it supports (package.json "dependencies",
// e.g. ^4.0.0) and an older page loads it without "Unsatisfied version" warnings.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const core = require('@jupyterlab/core-meta/core.package.json');
const bridge = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const supported = Object.fromEntries(Object.entries(bridge.dependencies).filter(([name]) => name in core.resolutions));
const out = new URL('../.build/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(
  new URL('core.package.json', out),
  `${JSON.stringify({ ...core, dependencies: { ...core.dependencies, ...supported }, resolutions: { ...core.resolutions, ...supported } }, null, 2)}\n`
);
