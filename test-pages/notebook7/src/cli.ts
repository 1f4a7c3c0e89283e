// Starts the Notebook 7 test page for trying things by hand (see server-page-cli.ts).
//   tsx test-pages/notebook7/src/cli.ts [--port N] [--extension DIR ...]
import { runServerPageCli } from '../../jupyterlab/src/server-page-cli.js';
import { startNotebook7Page } from './notebook7-page.js';

runServerPageCli(startNotebook7Page);
