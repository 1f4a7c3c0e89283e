// The bundle's entry. Prebuilt extensions share the app's copies of @jupyterlab/*,
// @lumino/*, react... through module federation, so their containers must join the
// share scope before any shared package is first used. That is why this file
// imports no shared package (not even @jupyterlab/coreutils for the page config):
// it loads the containers, then imports the app.
import { startServerPage } from './start-server-page.ts';

startServerPage('JupyterLab', () => import('./main.ts'));
