// Smoke check of the JupyterLab test page in headless Debian Chromium: the app
// restores, a prebuilt extension installed in the data dir loads, a python3 kernel
// runs a cell, and the console stays free of errors.
//   tsx test-pages/jupyterlab/src/smoke.ts [--verbose]
import { startJupyterLabPage } from './jupyterlab-page.js';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { probed, seconds, smokeCheck, waitRestored } from './smoke-check.js';

runMain(() =>
  smokeCheck('jupyterlab-page-probe', startJupyterLabPage, async ({ page, browser, watch }) => {
    const tab = await browser.newPage();
    watch(tab);

    const loadStarted = Date.now();
    await tab.goto(page.url);
    await waitRestored(tab);
    const restoredMs = Date.now() - loadStarted;

    if (!(await probed(tab))) {
      throw new Error('the prebuilt probe extension did not load');
    }

    const kernelStarted = Date.now();
    await tab.evaluate(async () => {
      interface Panel {
        sessionContext: { ready: Promise<void>; session: { kernel: { info: Promise<unknown> } } };
        content: { activeCell: { model: { sharedModel: { setSource(source: string): void } } } };
      }
      const app = (
        globalThis as unknown as {
          jupyterapp: { commands: { execute(id: string, args?: object): Promise<unknown> } };
        }
      ).jupyterapp;
      const panel = (await app.commands.execute('notebook:create-new', {
        kernelName: 'python3'
      })) as Panel;
      await panel.sessionContext.ready;
      await panel.sessionContext.session.kernel.info;
      panel.content.activeCell.model.sharedModel.setSource('print(6*7)');
    });
    const kernelMs = Date.now() - kernelStarted;

    const runStarted = Date.now();
    await tab.evaluate(async () => {
      const app = (
        globalThis as unknown as {
          jupyterapp: { commands: { execute(id: string): Promise<unknown> } };
        }
      ).jupyterapp;
      await app.commands.execute('notebook:run-cell');
    });
    await tab.locator('.jp-OutputArea-output', { hasText: '42' }).waitFor({ timeout: 20_000 });
    const runMs = Date.now() - runStarted;

    console.log(`page load -> restored: ${seconds(restoredMs)}`);
    console.log(`new notebook -> kernel ready: ${seconds(kernelMs)}`);
    console.log(`run print(6*7) -> 42 shown: ${runMs} ms`);
    console.log('prebuilt probe extension: loaded');
  })
);
