// Drives every command of the ai-commands fixture once in a real JupyterLab 4.6.4
// page (headless Debian Chromium) and checks that the page really changed.
//   scripts/pnpm --filter @jupyter-live-mcp/ai-commands-fixture build
//   node_modules/.bin/tsx test-pages/ai-commands-fixture/check.ts [--verbose]
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startJupyterLabPage } from '../jupyterlab/src/jupyterlab-page.js';
import { launchChromium } from '../jupyterlab/src/script.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const verbose = process.argv.includes('--verbose');
const PREFIX = 'jupyterlab-ai-commands:';
const COMMANDS = [
  'get-notebook-content',
  'get-notebook-info',
  'get-cell-info',
  'add-cell',
  'set-cell-content',
  'delete-cell',
  'run-cell',
  'save-notebook',
  'create-notebook',
  'list-directory',
  'get-file-info',
  'set-file-content',
  'create-file',
  'execute-in-kernel',
  'list-kernels'
];

// Command results are whatever JSON the page sends back; the checks poke into it freely.
// biome-ignore lint/suspicious/noExplicitAny: the checks read results of every shape.
type Json = any;
interface Outcome {
  ok: boolean;
  value?: Json;
  error?: string;
  ms: number;
}

const failures: string[] = [];
function expect(condition: unknown, what: string): void {
  if (!condition) {
    failures.push(what);
    console.log(`  FAIL: ${what}`);
  }
}

function brief(value: unknown, max = 400): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Runs one command in the page and prints what it returned or threw. */
async function call(tab: Page, name: string, args: Json = {}): Promise<Outcome> {
  const outcome = await tab.evaluate(
    async ([id, commandArgs]) => {
      const app = (window as Json).jupyterapp;
      const started = performance.now();
      try {
        const value = await app.commands.execute(id, commandArgs);
        return { ok: true, value, ms: performance.now() - started };
      } catch (error) {
        return { ok: false, error: String((error as Error)?.message ?? error), ms: performance.now() - started };
      }
    },
    [PREFIX + name, args] as const
  );
  const shown = outcome.ok ? brief(outcome.value) : `THREW ${outcome.error}`;
  console.log(`${name} ${brief(args, 120)} (${outcome.ms.toFixed(0)} ms)\n  -> ${shown}`);
  return outcome;
}

async function openDialogs(tab: Page): Promise<string[]> {
  return tab.$$eval('.jp-Dialog .jp-Dialog-header', (nodes) => nodes.map((node) => node.textContent ?? ''));
}

async function closeDialogs(tab: Page): Promise<void> {
  for (const button of await tab.$$('.jp-Dialog .jp-Dialog-button.jp-mod-accept')) {
    await button.click();
  }
}

async function main(): Promise<void> {
  const page = await startJupyterLabPage({
    extensions: [path.join(here, 'labextension')],
    ...(verbose ? { log: (line: string) => console.error(line) } : {})
  });
  const browser = await launchChromium();
  const started = Date.now();
  try {
    const tab = await browser.newPage();
    const pageErrors: string[] = [];
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    tab.on('console', (message) => {
      if (message.type() === 'error') {
        pageErrors.push(`console.error: ${message.text()}`);
      }
    });
    await tab.goto(page.url);
    await tab.waitForFunction(() => 'jupyterapp' in window);
    await tab.evaluate(() => (window as Json).jupyterapp.restored);
    console.log(`page restored in ${Date.now() - started} ms\n`);
    const activeLabel = () => tab.evaluate(() => (window as Json).jupyterapp.shell.currentWidget?.title.label ?? null);

    console.log('== schemas');
    const described: Record<string, Json> = await tab.evaluate(
      async (ids) => {
        const commands = (window as Json).jupyterapp.commands;
        const result: Record<string, Json> = {};
        for (const id of ids) {
          result[id] = commands.hasCommand(id)
            ? { label: commands.label(id), usage: commands.usage(id), describedBy: await commands.describedBy(id) }
            : null;
        }
        return result;
      },
      COMMANDS.map((name) => PREFIX + name)
    );
    for (const name of COMMANDS) {
      const entry = described[PREFIX + name];
      expect(entry, `${name} is registered`);
      if (!entry) {
        continue;
      }
      const schema = entry.describedBy.args;
      const props = Object.entries(schema.properties as Record<string, Json>).map(
        ([key, prop]) => `${key}${schema.required?.includes(key) ? '*' : ''}:${prop.type}${prop.enum ? `[${prop.enum.join('|')}]` : ''}`
      );
      console.log(`${PREFIX}${name} "${entry.label}" (${props.join(', ')})`);
      expect(schema.type === 'object' && entry.usage === '', `${name}: object schema, empty usage`);
      expect(
        Object.values(schema.properties as Record<string, Json>).every((prop) => prop.type && prop.description && !('default' in prop)) &&
          !('additionalProperties' in schema),
        `${name}: every property has type and description, no default`
      );
    }

    console.log('\n== notebook');
    const noNotebook = await call(tab, 'save-notebook', {});
    expect(noNotebook.error === 'No active notebook and no notebook path provided', 'no notebook open yet');
    const before = await activeLabel();
    const created = await call(tab, 'create-notebook', { name: 'check', background: true });
    expect(created.value?.notebookPath === 'check.ipynb' && created.value.kernel === 'python3', 'create-notebook');
    expect((await activeLabel()) === before, `background create keeps ${before} active`);
    const dup = await call(tab, 'create-notebook', { name: 'check' });
    expect(!dup.ok && /already exists/.test(dup.error ?? ''), 'create-notebook on an existing name throws');
    const badLanguage = await call(tab, 'create-notebook', { name: 'x', language: 'cobol' });
    expect(!badLanguage.ok, 'create-notebook with an unknown language throws');

    const nb = { notebookPath: 'check.ipynb', background: true };
    const info0 = await call(tab, 'get-notebook-info', nb);
    expect(info0.value?.cellCount === 1, 'a new notebook has one cell');

    const printCell = await call(tab, 'add-cell', { ...nb, content: 'print(42)' });
    expect(printCell.value?.position === 'replaced' && printCell.value.replacedCellId, 'add-cell replaces the lone empty cell');
    const printId = printCell.value.cellId;
    const mdCell = await call(tab, 'add-cell', { ...nb, content: '# Title', cellType: 'markdown', referenceCellId: printId });
    const errorCell = await call(tab, 'add-cell', { ...nb, content: 'raise ValueError("boom")' });
    const aboveCell = await call(tab, 'add-cell', { ...nb, content: '1 + 1', position: 'above', referenceCellId: printId });
    const badType = await call(tab, 'add-cell', { ...nb, cellType: 'sql' });
    expect(badType.error === "Invalid cell type: 'sql'. Expected one of: code, markdown, raw", 'add-cell with cellType sql');

    const edited = await call(tab, 'set-cell-content', { ...nb, cellId: mdCell.value.cellId, content: '## Edited', showDiff: false });
    expect(edited.value?.previousContent === '# Title' && edited.value.diffShown === false, 'set-cell-content');

    const ran = await call(tab, 'run-cell', { ...nb, cellId: printId });
    expect(ran.value?.status === 'ok' && ran.value.outputs[0]?.text === '42\n' && ran.value.executionCount === 1, 'run-cell print(42)');
    const failed = await call(tab, 'run-cell', { ...nb, cellId: errorCell.value.cellId });
    expect(failed.ok && failed.value.success === false && failed.value.errorName === 'ValueError', 'run-cell raising');
    const markdownRun = await call(tab, 'run-cell', { ...nb, cellId: mdCell.value.cellId });
    expect(markdownRun.value?.status === 'no-op', 'run-cell on markdown is a no-op');

    const cellInfo = await call(tab, 'get-cell-info', { ...nb, cellId: printId, createWidget: false });
    expect(cellInfo.value?.source === 'print(42)' && cellInfo.value.outputs.length === 1, 'get-cell-info');
    const missingCell = await call(tab, 'get-cell-info', { ...nb, cellId: 'nope' });
    expect(missingCell.error === "Cell with ID 'nope' not found in notebook", 'get-cell-info with an unknown cell id');

    const deleted = await call(tab, 'delete-cell', { ...nb, cellId: aboveCell.value.cellId });
    expect(deleted.value?.remainingCells === 3, 'delete-cell');
    const content = await call(tab, 'get-notebook-content', { ...nb, createWidget: false });
    expect(
      content.value?.isDirty === true && content.value.content.cells.map((cell: Json) => cell.cell_type).join() === 'code,markdown,code',
      'get-notebook-content shows the unsaved live model'
    );
    const saved = await call(tab, 'save-notebook', nb);
    expect(saved.value?.success, 'save-notebook');
    const onDisk = JSON.parse(await readFile(path.join(page.rootDir, 'check.ipynb'), 'utf8'));
    console.log(
      `  on disk: nbformat ${onDisk.nbformat}.${onDisk.nbformat_minor}, cells ${onDisk.cells.map((c: Json) => c.cell_type).join(',')}, kernelspec ${onDisk.metadata.kernelspec?.name}`
    );
    expect(onDisk.cells.length === 3 && onDisk.cells[0].outputs[0].text.join('') === '42\n', 'the saved file has the cells and outputs');
    const info = await call(tab, 'get-notebook-info', nb);
    expect(info.value?.isDirty === false && info.value.activeCellId, 'get-notebook-info after save');

    console.log('\n== closed notebook (read without a widget)');
    await writeFile(
      path.join(page.rootDir, 'closed.ipynb'),
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [{ id: 'c1', cell_type: 'code', source: 'x = 1', metadata: {}, outputs: [], execution_count: null }]
      })
    );
    const closedInfo = await call(tab, 'get-notebook-info', { notebookPath: 'closed.ipynb' });
    expect(closedInfo.value?.cells[0]?.cellId === 'c1' && closedInfo.value.activeCellId === null, 'get-notebook-info of a closed notebook');
    const closedCell = await call(tab, 'get-cell-info', { notebookPath: 'closed.ipynb', cellId: 'c1' });
    expect(closedCell.value?.source === 'x = 1', 'get-cell-info of a closed notebook');
    const stillClosed = await tab.evaluate(() =>
      [...(window as Json).jupyterapp.shell.widgets('main')].every((w: Json) => w.context?.path !== 'closed.ipynb')
    );
    expect(stillClosed, 'reading a closed notebook opens no tab');

    console.log('\n== files');
    const listed = await call(tab, 'list-directory', {});
    expect(
      listed.value?.items.some((item: Json) => item.name === 'check.ipynb'),
      'list-directory lists check.ipynb'
    );
    const file = await call(tab, 'create-file', { fileName: 'notes', content: 'hello\n' });
    expect(file.value?.filePath === 'notes.txt', 'create-file');
    const fileInfo = await call(tab, 'get-file-info', { filePath: 'notes.txt' });
    expect(fileInfo.value?.content === 'hello\n', 'get-file-info of an open file');
    const written = await call(tab, 'set-file-content', { filePath: 'notes.txt', content: 'bye\n', showDiff: false });
    expect(
      written.value?.saved && (await readFile(path.join(page.rootDir, 'notes.txt'), 'utf8')) === 'bye\n',
      'set-file-content through the editor'
    );
    await writeFile(path.join(page.rootDir, 'plain.py'), 'a = 1\n');
    await writeFile(path.join(page.rootDir, '.hidden'), '');
    const plainInfo = await call(tab, 'get-file-info', { filePath: 'plain.py' });
    expect(plainInfo.value?.content === 'a = 1\n' && plainInfo.value.fileExtension === '.py', 'get-file-info of a closed file');
    const plainWritten = await call(tab, 'set-file-content', { filePath: 'plain.py', content: 'a = 2\n', showDiff: false });
    expect(
      plainWritten.value?.saved && (await readFile(path.join(page.rootDir, 'plain.py'), 'utf8')) === 'a = 2\n',
      'set-file-content through the contents API'
    );
    const opened = await call(tab, 'get-file-info', { filePath: 'plain.py', createWidget: true });
    expect(opened.value?.widgetType === 'FileEditorWidget', 'get-file-info with createWidget opens an editor');
    await writeFile(path.join(page.rootDir, 'draft.md'), 'draft\n');
    const unsaved = await call(tab, 'set-file-content', { filePath: 'draft.md', content: 'changed\n', save: false });
    // isDirty stays false, as with the real package: YFile.setSource does not mark the document dirty.
    const draftOpen = await tab.evaluate(() =>
      [...(window as Json).jupyterapp.shell.widgets('main')].some((w: Json) => w.context?.path === 'draft.md')
    );
    expect(
      unsaved.value?.saved === false && draftOpen && (await readFile(path.join(page.rootDir, 'draft.md'), 'utf8')) === 'draft\n',
      'set-file-content with save false edits an editor and leaves the file on disk alone'
    );
    const draftInfo = await call(tab, 'get-file-info', { filePath: 'draft.md' });
    expect(draftInfo.value?.content === 'changed\n', 'the unsaved edit is in the editor');
    // jupyter_server never lists dotfiles unless ContentsManager.allow_hidden is set.
    const hidden = await call(tab, 'list-directory', { includeHidden: true });
    expect(hidden.value?.includeHidden === true, 'list-directory includeHidden');
    const badFileType = await call(tab, 'create-file', { fileName: 'x', fileType: 'nosuchtype' });
    expect(badFileType.error === "Unknown file type: 'nosuchtype'", 'create-file with an unknown type');

    console.log('\n== kernels');
    const kernels = await call(tab, 'list-kernels');
    const kernelId = kernels.value?.kernels[0]?.id;
    expect(kernels.value?.count === 1 && kernelId, 'list-kernels shows the notebook kernel');
    const executed = await call(tab, 'execute-in-kernel', { kernelId, code: 'print(6 * 7)\n6 * 7' });
    expect(executed.value?.success && executed.value.outputCount === 2, 'execute-in-kernel');
    const executeError = await call(tab, 'execute-in-kernel', { kernelId, code: '1 / 0' });
    expect(executeError.value?.success === false && executeError.value.errorName === 'ZeroDivisionError', 'execute-in-kernel error');
    const stdin = await call(tab, 'execute-in-kernel', { kernelId, code: 'input()' });
    expect(stdin.value?.errorName === 'StdinNotImplementedError', 'execute-in-kernel input()');
    const noKernel = await call(tab, 'execute-in-kernel', { kernelId: 'nope', code: '1' });
    expect(noKernel.error === 'No running kernel found with ID: nope', 'execute-in-kernel unknown kernel');

    console.log('\n== interrupt and missing kernel');
    const sleepCell = await call(tab, 'add-cell', { ...nb, content: 'import time\ntime.sleep(30)' });
    const runStarted = Date.now();
    const sleeping = call(tab, 'run-cell', { ...nb, cellId: sleepCell.value.cellId });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await tab.evaluate(async (id) => {
      const kernels = (window as Json).jupyterapp.serviceManager.kernels;
      const kernel = kernels.connectTo({ model: { id, name: 'python3' } });
      await kernel.interrupt();
      kernel.dispose();
    }, kernelId);
    const interrupted = await sleeping;
    console.log(`  run-cell returned ${Date.now() - runStarted} ms after it was called (interrupted after 2000 ms)`);
    expect(interrupted.value?.status === 'error' && interrupted.value.errorName === 'KeyboardInterrupt', 'interrupted run-cell');
    await tab.evaluate(async () => {
      const panel = [...(window as Json).jupyterapp.shell.widgets('main')].find((w: Json) => w.context?.path === 'check.ipynb');
      await panel.sessionContext.shutdown();
    });
    const missingKernel = await call(tab, 'run-cell', { ...nb, cellId: printId });
    expect(missingKernel.value?.success === false && missingKernel.value.errorName === 'MissingKernel', 'run-cell without a kernel');

    console.log('\n== failure modes');
    const noContent = await call(tab, 'set-cell-content', { ...nb, cellId: printId });
    const emptied = await call(tab, 'get-cell-info', { ...nb, cellId: printId });
    expect(
      !noContent.ok && emptied.value?.source === '',
      'set-cell-content without content empties the cell, then throws (as the real one)'
    );
    const missingFile = await call(tab, 'get-notebook-info', { notebookPath: 'missing.ipynb' });
    const dialogs = await openDialogs(tab);
    console.log(`  dialogs open: ${brief(dialogs)}`);
    expect(
      !missingFile.ok && dialogs.some((title) => title.includes('File Load Error')),
      'missing notebook: throws and shows File Load Error'
    );
    await closeDialogs(tab);

    console.log(`\npage errors: ${pageErrors.length ? brief(pageErrors, 2000) : 'none'}`);
  } finally {
    await browser.close();
    await page.stop();
  }
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nall checks passed');
  }
}

await main();
