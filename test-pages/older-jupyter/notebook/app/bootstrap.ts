// The Notebook 7.2 page's entry: loads the prebuilt extensions' containers before any
// shared package (see test-pages/jupyterlab/app/bootstrap.ts), then the app.
import { startServerPage } from '../../../jupyterlab/app/start-server-page.ts';

startServerPage('Notebook 7.2', () => import('./main.ts'));
