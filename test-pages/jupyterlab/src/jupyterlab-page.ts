// Starts a real JupyterLab 4.6.4 page (the npm build in ../build, served by Debian's
// jupyter_server through ../serve.py) in a fresh temp folder per run, with prebuilt
// labextensions installed the way users install them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startJupyterServerPage, type ServerPage, type ServerPageOptions } from './server-page.js';

export type JupyterLabPageOptions = ServerPageOptions;
/** As ServerPage; `url` is the JupyterLab page, http://127.0.0.1:PORT/lab */
export type JupyterLabPage = ServerPage;

export function startJupyterLabPage(options: JupyterLabPageOptions = {}): Promise<JupyterLabPage> {
  return startJupyterServerPage(
    {
      title: 'JupyterLab',
      pageDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      builtFile: 'index.html',
      packageName: '@jupyter-live-mcp/test-page-jupyterlab',
      tempPrefix: 'jupyterlab-page-'
    },
    options
  );
}
