// Starts the JupyterLab test page for trying things by hand (see server-page-cli.ts).
//   tsx test-pages/jupyterlab/src/cli.ts [--port N] [--extension DIR ...]
import { startJupyterLabPage } from './jupyterlab-page.js';
import { runServerPageCli } from './server-page-cli.js';

runServerPageCli(startJupyterLabPage);
