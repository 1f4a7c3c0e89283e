// The JupyterLab 4.0 page's entry: loads the prebuilt extensions' containers before
// any shared package (see test-pages/jupyterlab/app/bootstrap.ts), then the app.
import { startServerPage } from '../../../jupyterlab/app/start-server-page.ts';

startServerPage('JupyterLab 4.0', () => import('./main.ts'));
