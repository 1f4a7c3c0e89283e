// Smoke check of the Notebook 7 test page in headless Debian Chromium: the tree page
// restores as Jupyter Notebook 7.6, a prebuilt extension installed in the data dir
// loads, a new notebook opens in its own tab where a python3 kernel runs a cell, a
// text file opens in the editor page, and the console stays free of errors.
//   tsx test-pages/notebook7/src/smoke.ts [--verbose]
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMain } from '@jupyter-live-mcp/jupyterlite-site/run-main';
import { probed, seconds, smokeCheck, waitRestored, type KnownError } from '../../jupyterlab/src/smoke-check.js';
import { startNotebook7Page } from './notebook7-page.js';

/** The parts of window.jupyterapp this check uses. */
interface App {
  name: string;
  version: string;
  commands: { execute(id: string, args?: object): Promise<unknown> };
  shell: { currentWidget: unknown };
}
interface NotebookPanel {
  sessionContext: {
    ready: Promise<void>;
    session: { kernel: { info: Promise<unknown>; status: string } | null } | null;
  };
  content: { activeCell: { model: { sharedModel: { setSource(source: string): void } } } };
}

// Errors Notebook 7.6 itself reports on a healthy page: shown, not failed on.
const knownUpstreamErrors: KnownError[] = [
  {
    // jupyter/notebook#7862: the shortcuts plugin reads its own settings before
    // they are loaded when another plugin's settings change first.
    pattern: /^\/\w+: page error: Cannot read properties of undefined \(reading 'schema'\)$/,
    reason: 'jupyter/notebook#7862 (shortcuts settings race)'
  },
  {
    // "New notebook" on the tree page creates the notebook's panel and session, then
    // disposes the panel as the notebook opens in its own tab: the session start
    // rejects ("Disposed"), and the panel's idle-time cell rendering may still run.
    pattern: /^\/tree: page error: (Disposed|Cannot read properties of null \(reading 'insertWidget'\))$/,
    reason: 'the tree page drops the new notebook it opened in another tab'
  }
];

runMain(() =>
  smokeCheck(
    'notebook7-page-probe',
    startNotebook7Page,
    async ({ page, browser, watch }) => {
      const context = await browser.newContext();
      const tree = await context.newPage();
      watch(tree, '/tree');

      const loadStarted = Date.now();
      await tree.goto(page.url);
      await waitRestored(tree);
      const restoredMs = Date.now() - loadStarted;

      const { name, version } = await tree.evaluate(() => {
        const app = (globalThis as unknown as { jupyterapp: App }).jupyterapp;
        return { name: app.name, version: app.version };
      });
      if (name !== 'Jupyter Notebook' || !version.startsWith('7.6.')) {
        throw new Error(`expected Jupyter Notebook 7.6.x, the page is ${name} ${version}`);
      }
      if (!(await probed(tree))) {
        throw new Error('the prebuilt probe extension did not load');
      }

      // Notebook opens every document in a browser tab of its own.
      const kernelStarted = Date.now();
      const [notebook] = await Promise.all([
        context.waitForEvent('page'),
        tree.evaluate(async () => {
          const app = (globalThis as unknown as { jupyterapp: App }).jupyterapp;
          await app.commands.execute('notebook:create-new', { kernelName: 'python3', isLauncher: true });
        })
      ]);
      watch(notebook, '/notebooks');
      await waitRestored(notebook);
      await notebook.waitForFunction(
        () => {
          const panel = (globalThis as unknown as { jupyterapp: App }).jupyterapp.shell.currentWidget as NotebookPanel | null;
          return panel?.sessionContext?.session?.kernel?.status === 'idle';
        },
        undefined,
        { timeout: 30_000 }
      );
      const kernelMs = Date.now() - kernelStarted;

      const runStarted = Date.now();
      await notebook.evaluate(async () => {
        const app = (globalThis as unknown as { jupyterapp: App }).jupyterapp;
        const panel = app.shell.currentWidget as NotebookPanel;
        panel.content.activeCell.model.sharedModel.setSource('print(6*7)');
        await app.commands.execute('notebook:run-cell');
      });
      await notebook.locator('.jp-OutputArea-output', { hasText: '42' }).waitFor({ timeout: 20_000 });
      const runMs = Date.now() - runStarted;
      if (!(await probed(notebook))) {
        throw new Error('the prebuilt probe extension did not load on the notebook page');
      }

      await writeFile(path.join(page.rootDir, 'hello.py'), 'print("hello")\n');
      const editor = await context.newPage();
      watch(editor, '/edit');
      await editor.goto(new URL('/edit/hello.py', page.url).href);
      await waitRestored(editor);
      await editor.locator('.jp-FileEditor .cm-content', { hasText: 'print("hello")' }).waitFor();

      console.log(`app: ${name} ${version}`);
      console.log(`page load -> restored: ${seconds(restoredMs)}`);
      console.log(`new notebook -> own tab, kernel idle: ${seconds(kernelMs)}`);
      console.log(`run print(6*7) -> 42 shown: ${runMs} ms`);
      console.log('prebuilt probe extension: loaded (tree and notebook pages)');
      console.log('editor page: opened hello.py');
    },
    knownUpstreamErrors
  )
);
