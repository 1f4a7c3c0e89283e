// Starts the JupyterLab 4.0 and Notebook 7.2 test pages (build/, see build.ts) as the
// 4.6 / 7.6 pages start: the same serve.py, serving this folder's build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startJupyterServerPage, type ServerPage, type ServerPageOptions } from '../../jupyterlab/src/server-page.js';

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');
const command = 'scripts/older-jupyter';

/** `url` is the JupyterLab page, http://127.0.0.1:PORT/lab */
export function startJupyterLab40Page(options: ServerPageOptions = {}): Promise<ServerPage> {
  return startJupyterServerPage(
    { title: 'JupyterLab 4.0', page: 'jupyterlab', builtFile: 'index.html', build: { dir: path.join(buildDir, 'jupyterlab'), command } },
    options
  );
}

/** `url` is the file browser page, http://127.0.0.1:PORT/tree */
export function startNotebook72Page(options: ServerPageOptions = {}): Promise<ServerPage> {
  return startJupyterServerPage(
    { title: 'Notebook 7.2', page: 'notebook7', builtFile: 'page.html', build: { dir: path.join(buildDir, 'notebook7'), command } },
    options
  );
}
