// The bundle's entry. Prebuilt extensions share the app's copies of @jupyterlab/*,
// @lumino/*, react... through module federation, so their containers must join the
// share scope before any shared package is first used: this file imports none
// (not even @jupyterlab/coreutils for the page config), loads the containers, then
// imports the app.
import { startServerPage } from '../../jupyterlab/app/start-server-page.ts';

startServerPage('Notebook 7', () => import('./main.ts'));
