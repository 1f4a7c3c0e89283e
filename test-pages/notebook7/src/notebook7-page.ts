// Starts a real Jupyter Notebook 7 page (the npm build in ../build, served by
// Debian's jupyter_server through ../serve.py) in a fresh temp folder per run, with
// prebuilt labextensions installed the way users install them. Same options and
// result as startJupyterLabPage; `url` is the /tree page.
import { startJupyterServerPage, type ServerPage, type ServerPageOptions } from '../../jupyterlab/src/server-page.js';

export type Notebook7PageOptions = ServerPageOptions;
/** As ServerPage; `url` is the file browser page, http://127.0.0.1:PORT/tree */
export type Notebook7Page = ServerPage;

export function startNotebook7Page(options: Notebook7PageOptions = {}): Promise<Notebook7Page> {
  return startJupyterServerPage({ title: 'Notebook 7', page: 'notebook7', builtFile: 'page.html' }, options);
}
