// Starts a real JupyterLab 4.6.4 page (the npm build in ../build, served by Debian's
// jupyter_server through ../serve.py) in a fresh temp folder per run, with prebuilt
// labextensions installed the way users install them.
import { startJupyterServerPage, type ServerPage, type ServerPageOptions } from './server-page.js';

export type JupyterLabPageOptions = ServerPageOptions;
/** As ServerPage; `url` is the JupyterLab page, http://127.0.0.1:PORT/lab */
export type JupyterLabPage = ServerPage;

export function startJupyterLabPage(options: JupyterLabPageOptions = {}): Promise<JupyterLabPage> {
  return startJupyterServerPage({ title: 'JupyterLab', page: 'jupyterlab', builtFile: 'index.html' }, options);
}
