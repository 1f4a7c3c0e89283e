/**
 * The batch tools edit_notebook and run_cells end to end on each page kind:
 * JupyterLab 4.6 and Notebook 7.6 (python3; Notebook 7 holds the agent's
 * notebooks in memory) and JupyterLite 0.8 (JavaScript kernel). Edits in
 * one call, all or none; runs of a list, from a cell, of all cells, stopping
 * at the first error or not (past the kernel's abort after an error), or at a running cell deleted; edits run and saved in the same call (run, save); a long
 * run that answers pending; and the agent
 * task "add a five-cell analysis section and run it" in at most 3 calls.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBridgeSetting, startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { countedCalls } from './support/counted-calls.js';

interface Kind {
  kind: PageKind;
  kernel: string;
  language: string;
  /** Code that gives the global `name` the value of `expression`. */
  assign: (name: string, expression: string) => string;
  /** Code naming something undefined, and the error it raises. */
  undefinedName: { code: string; ename: string };
  /** Code that takes 5 s. */
  slow: string;
  /** Code that asks for input, where the kernel can. */
  input?: string;
  /** Code that makes the kernel abort, for a moment after an error, what reaches it (ipykernel's stop_on_error_timeout). */
  abortWindow?: string;
  /** A one-document page: the notebook it shows. */
  oneDocument: boolean;
}

const python = (name: string, expression: string) => `${name} = ${expression}`;
/** JupyterLab and Notebook 7 run the same Python kernel; only the page differs. */
const PYTHON_KERNEL = {
  kernel: 'python3',
  language: 'python',
  assign: python,
  undefinedName: { code: 'no_such_name + 1', ename: 'NameError' },
  slow: "import time\ntime.sleep(5)\nprint('slept')",
  input: "answer = input('Name: ')",
  abortWindow: 'get_ipython().kernel.stop_on_error_timeout = 0.1'
};
const KINDS: Kind[] = [
  { kind: 'JupyterLab', ...PYTHON_KERNEL, oneDocument: false },
  { kind: 'Notebook 7', ...PYTHON_KERNEL, oneDocument: true },
  {
    kind: 'JupyterLite',
    kernel: 'javascript',
    language: 'javascript',
    assign: (name, expression) => `globalThis.${name} = ${expression}`,
    undefinedName: { code: 'no_such_name + 1', ename: 'ReferenceError' },
    slow: "const until = Date.now() + 5000; while (Date.now() < until) {} 'slept'",
    oneDocument: false
  }
];

/** Far above what a call takes on a loaded machine: only the test of a long run, which lowers it, sees a pending. */
const PENDING_AFTER_SECONDS = 60;
const SHOWN = 'shown.ipynb';

/** A cell as read_notebook lists it (the fields the tests read). */
interface ReadCell {
  id: string;
  executionCount?: number;
}
interface CellOutcome {
  cellId: string;
  index: number;
  status: string;
  code?: string;
  ename?: string;
  outputs?: unknown[];
}

describe.each(KINDS)('the batch tools in $kind', (kind) => {
  let setup: PageWithAgent;

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind, { bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS } });
    if (kind.oneDocument) {
      const kernelspec = { name: kind.kernel, display_name: kind.kernel, language: kind.language };
      const shown = { cells: [], metadata: { kernelspec }, nbformat: 4, nbformat_minor: 5 };
      await setup.openNotebook(SHOWN, JSON.stringify(shown));
    } else {
      await setup.open();
    }
  });

  afterAll(async () => {
    await setup?.stop();
  });

  const agent = countedCalls(() => setup.mcp);
  const { ok, failure } = agent;
  const page = (): Page => setup.page;
  const read = async (notebookPath: string) =>
    ((await ok('read_notebook', { notebookPath })).cells as { id: string; type?: string; source: string }[]).map(
      ({ id, type, source }) => ({
        id,
        // The compact view gives a code cell no type.
        type: type ?? 'code',
        source
      })
    );
  /** A new notebook whose cells are these code sources (a markdown cell for a source starting with "#"), made in one edit_notebook call. */
  const notebookWith = async (notebookPath: string, sources: string[]) => {
    await ok('create_notebook', { name: notebookPath });
    const edited = await ok('edit_notebook', {
      notebookPath,
      edits: sources.map((content) => ({ op: 'add', content, ...(content.startsWith('#') ? { cellType: 'markdown' } : {}) }))
    });
    return edited.newCellIds as string[];
  };
  const outputsText = (outcome: CellOutcome | undefined) => JSON.stringify(outcome?.outputs ?? []);

  it('a batch of five edits (adds by key, a type change, a move, a new source) is applied in one call', async () => {
    const nb = 'batch.ipynb';
    const created = await ok('create_notebook', { name: nb });
    const [lone] = await read(nb);
    const edited = await ok('edit_notebook', {
      notebookPath: nb,
      edits: [
        { op: 'add', content: '6*7', key: 'calc' },
        { op: 'add', content: '# Notes', key: 'notes' },
        { op: 'set_type', cellId: 'notes', cellType: 'markdown' },
        { op: 'move', cellId: 'notes', at: 'start' },
        { op: 'set_source', cellId: 'calc', content: '6 * 7\n# the answer' }
      ]
    });
    const [calc, notes] = edited.newCellIds as string[];
    // The ids the adds got, in the order of the adds; nothing the agent sent comes back (no path, no outline, no sources).
    expect(edited).toEqual({
      success: true,
      newCellIds: [calc, notes],
      // The new notebook's lone empty cell made way, as with add_cell.
      replacedCellId: lone!.id,
      message: expect.stringContaining('took its place'),
      cellCount: 2
    });
    // No echo of the sources sent.
    expect(JSON.stringify(edited)).not.toContain('the answer');
    expect(await read(nb)).toEqual([
      { id: notes, type: 'markdown', source: '# Notes' },
      { id: calc, type: 'code', source: '6 * 7\n# the answer' }
    ]);

    // Edits of cells the notebook has: a delete, an add after one, a type change back and forth.
    const again = await ok('edit_notebook', {
      notebookPath: nb,
      edits: [
        { op: 'add', content: '1 + 1', after: calc },
        { op: 'delete', cellId: notes },
        { op: 'set_type', cellId: calc, cellType: 'raw' },
        { op: 'set_type', cellId: calc, cellType: 'code' },
        { op: 'move', cellId: calc, at: 'end' }
      ]
    });
    const [sum] = again.newCellIds as string[];
    expect(again.replacedCellId).toBeUndefined();
    expect(await read(nb)).toEqual([
      { id: sum, type: 'code', source: '1 + 1' },
      { id: calc, type: 'code', source: '6 * 7\n# the answer' }
    ]);
    // An edit without adds answers the cell count alone: the agent knows what it changed.
    const touched = await ok('edit_notebook', { notebookPath: nb, edits: [{ op: 'set_source', cellId: sum, content: '2 + 2' }] });
    expect(touched).toEqual({ success: true, cellCount: 2 });
    // Unsaved, like the other edit tools.
    expect(await ok('read_notebook', { notebookPath: nb })).toMatchObject({ dirty: true });
    expect(created.notebookPath).toBe(nb);
  });

  it('a bad edit changes nothing and the error names it; a bad shape is refused before anything runs', async () => {
    const nb = 'all-or-none.ipynb';
    const [first, second] = await notebookWith(nb, ['1', '2']);
    const before = await read(nb);
    const missing = await failure(
      'edit_notebook',
      {
        notebookPath: nb,
        edits: [
          { op: 'set_source', cellId: first, content: 'changed' },
          { op: 'add', content: 'new', key: 'n' },
          { op: 'delete', cellId: 'nope' }
        ]
      },
      'not_found'
    );
    expect(missing.error).toMatch(
      /^edit_notebook: edits\[2\] \(delete\): "all-or-none\.ipynb" has no cell with id "nope"\. Its cells: ".+" \(code\), ".+" \(code\)\. Keys given so far in this call: "n"\. Nothing was changed/
    );
    expect(missing.error).toContain(second);
    expect(missing).toMatchObject({ edit: 2 });
    const nowhere = await failure('edit_notebook', { notebookPath: nb, edits: [{ op: 'move', cellId: first }] }, 'bad_input');
    expect(nowhere.error).toMatch(/^edit_notebook: edits\[0\] \(move\): say where the cell goes/);
    const shape = await failure('edit_notebook', { notebookPath: nb, edits: [{ op: 'rename', cellId: first }] }, 'bad_input');
    expect(shape.error).toMatch(/^edit_notebook: argument "edits\[0\]\.op": op must be one of "add", "set_source"/);
    expect(await read(nb)).toEqual(before);
  });

  if (kind.kind === 'JupyterLab') {
    it("the person's undo takes a whole batch back in one step", async () => {
      const nb = 'undo.ipynb';
      await notebookWith(nb, ['1', '2']);
      const before = await read(nb);
      await ok('edit_notebook', {
        notebookPath: nb,
        edits: [
          { op: 'add', content: '3' },
          { op: 'set_source', cellId: before[0]!.id, content: 'one' },
          { op: 'move', cellId: before[1]!.id, at: 'start' }
        ]
      });
      await page().evaluate((notebookPath) => {
        type Panel = { context?: { path: string; model: { sharedModel: { undo(): void } } } };
        const app = (globalThis as unknown as { jupyterapp: { shell: { widgets(area: string): Iterable<Panel> } } }).jupyterapp;
        const panel = [...app.shell.widgets('main')].find((widget) => widget.context?.path === notebookPath);
        panel!.context!.model.sharedModel.undo();
      }, nb);
      expect(await read(nb)).toEqual(before);
    });
  }

  it('run_cells runs all cells, from a cell, or a list; it stops at the first error unless continueOnError', async () => {
    const nb = 'runs.ipynb';
    const ids = await notebookWith(nb, [
      '# Run them',
      kind.assign('a', '6'),
      kind.assign('b', 'a * 7'),
      'b',
      kind.undefinedName.code,
      '6*7'
    ]);
    const [title, setA, setB, showB, broken, last] = ids as [string, string, string, string, string, string];

    const all = await failure('run_cells', { notebookPath: nb, all: true }, 'cell_error');
    expect(all.error).toMatch(
      /^run_cells: a cell raised an exception \(ename, evalue, traceback\)\. .* The run stopped there: 1 cell did not run \(notRun\)\.$/
    );
    const ran = all.cells as CellOutcome[];
    expect(ran.map(({ cellId, status }) => ({ cellId, status }))).toEqual([
      { cellId: title, status: 'no-op' },
      { cellId: setA, status: 'ok' },
      { cellId: setB, status: 'ok' },
      { cellId: showB, status: 'ok' },
      { cellId: broken, status: 'error' }
    ]);
    expect(outputsText(ran[3])).toContain('42');
    expect(ran[4]).toMatchObject({ code: 'cell_error', ename: kind.undefinedName.ename, index: 4 });
    expect(all).toMatchObject({ status: 'error', notRun: [last], kernelId: expect.any(String) });
    // Each failure is told once, in the call's error.
    expect(ran[4]).not.toHaveProperty('error');

    const onward = await failure('run_cells', { notebookPath: nb, fromCellId: setB, continueOnError: true }, 'cell_error');
    expect((onward.cells as CellOutcome[]).map((cell) => cell.cellId)).toEqual([setB, showB, broken, last]);
    expect(onward.notRun).toBeUndefined();
    expect(outputsText((onward.cells as CellOutcome[])[3])).toContain('42');

    const listed = await ok('run_cells', { notebookPath: nb, cellIds: [last, showB] });
    expect(listed).toMatchObject({
      status: 'ok',
      cells: [
        { cellId: last, index: 5 },
        { cellId: showB, index: 3 }
      ]
    });
    expect(outputsText((listed.cells as CellOutcome[])[1])).toContain('42');

    const notThere = await failure('run_cells', { notebookPath: nb, cellIds: [setA, 'nope'] }, 'not_found');
    expect(notThere.error).toMatch(/^run_cells: "runs\.ipynb" has no cell with id "nope"\. Its cells: /);
    const unsure = await failure('run_cells', { notebookPath: nb, all: true, fromCellId: setA }, 'bad_input');
    expect(unsure.error).toBe(
      'run_cells: say which cells to run with exactly one of cellIds (a list of ids), fromCellId (a cell and all below it) or all: true.'
    );
  });

  it('edit_notebook runs what it changed in the same call and saves it: a failing cell stops the run, the edits stay, on disk', async () => {
    const nb = 'edit-and-run.ipynb';
    const [setA, useA, last] = (await notebookWith(nb, [kind.assign('a', '1'), 'a * 2', '6*7'])) as [string, string, string];
    // The fix of a cell and a new cell that fails, run from the first edit down, then saved.
    const fixed = await failure(
      'edit_notebook',
      {
        notebookPath: nb,
        edits: [
          { op: 'set_source', cellId: setA, content: kind.assign('a', '21') },
          { op: 'add', after: useA, content: kind.undefinedName.code }
        ],
        run: 'fromFirstEdit',
        save: true
      },
      'cell_error'
    );
    const [added] = fixed.newCellIds as [string];
    expect(fixed.error).toMatch(
      /^edit_notebook: a cell raised an exception .* The run stopped there: 1 cell did not run \(notRun\)\. The edits of this call stay in the notebook\.$/
    );
    const ran = fixed.cells as CellOutcome[];
    expect(ran.map(({ cellId, status }) => [cellId, status])).toEqual([
      [setA, 'ok'],
      [useA, 'ok'],
      [added, 'error']
    ]);
    expect(ran[2]).toMatchObject({ index: 2, ename: kind.undefinedName.ename });
    expect(outputsText(ran[1])).toContain('42');
    expect(fixed).toMatchObject({ notRun: [last], saved: true, cellCount: 4, kernelId: expect.any(String) });
    const sources = [kind.assign('a', '21'), 'a * 2', kind.undefinedName.code, '6*7'];
    expect((await read(nb)).map((cell) => cell.source)).toEqual(sources);
    // Saved: on disk where the test sees the server's files, else the page's tab has nothing unsaved.
    if (setup.site.rootDir) {
      const onDisk = JSON.parse(readFileSync(path.join(setup.site.rootDir, nb), 'utf8')) as { cells: { source: string | string[] }[] };
      expect(onDisk.cells.map((cell) => [cell.source].flat().join(''))).toEqual(sources);
    } else {
      const widgets = (await ok('get_context')).widgets as { path?: string; dirty?: boolean }[];
      expect(widgets).toContainEqual(expect.objectContaining({ path: nb, dirty: false }));
    }

    // Only the cells it changed; no save unless asked.
    const edited = await ok('edit_notebook', {
      notebookPath: nb,
      edits: [{ op: 'set_source', cellId: added, content: '6*6' }],
      run: 'edited'
    });
    expect((edited.cells as CellOutcome[]).map(({ cellId, status }) => [cellId, status])).toEqual([[added, 'ok']]);
    expect(outputsText((edited.cells as CellOutcome[])[0])).toContain('36');
    expect(edited).not.toHaveProperty('saved');
    expect(await ok('run_cells', { notebookPath: nb, cellIds: [last], save: true })).toMatchObject({ status: 'ok', saved: true });

    // Bad inputs change nothing.
    const before = await read(nb);
    const change = { notebookPath: nb, edits: [{ op: 'set_source', cellId: last, content: '0' }] };
    expect((await failure('edit_notebook', { ...change, run: 'everything' }, 'bad_input')).error).toMatch(/\brun\b.*"edited"/);
    expect((await failure('edit_notebook', { ...change, save: 'yes' }, 'bad_input')).error).toMatch(/\bsave\b/);
    expect((await failure('run_cells', { notebookPath: nb, all: true, save: 1 }, 'bad_input')).error).toMatch(/\bsave\b/);
    expect(await read(nb)).toEqual(before);
  });

  if (kind.abortWindow) {
    const abortWindow = kind.abortWindow;
    it('a run that goes on after a failing cell runs the next one, though the kernel aborts what reaches it just after an error', async () => {
      const nb = 'abort-window.ipynb';
      const [widen, broken, next] = (await notebookWith(nb, [abortWindow, kind.undefinedName.code, '6*7'])) as [string, string, string];
      await ok('run_cells', { notebookPath: nb, cellIds: [widen] });
      const run = await failure('run_cells', { notebookPath: nb, cellIds: [broken, next], continueOnError: true }, 'cell_error');
      const cells = run.cells as CellOutcome[];
      expect(cells.map(({ cellId, status }) => [cellId, status])).toEqual([
        [broken, 'error'],
        [next, 'ok']
      ]);
      expect(outputsText(cells[1])).toContain('42');
      expect(run).not.toHaveProperty('notRun');
    });
  }

  if (kind.input) {
    it('a cell asking for input stops the run with kernel_input, listing the cells before it', async () => {
      const nb = 'run-input.ipynb';
      const [before, asking, after] = await notebookWith(nb, ['6*7', kind.input!, '1']);
      const stopped = await failure('run_cells', { notebookPath: nb, all: true }, 'kernel_input');
      expect(stopped).toMatchObject({
        cells: [
          { cellId: before, status: 'ok' },
          { cellId: asking, code: 'kernel_input' }
        ],
        notRun: [after]
      });
      expect(await page().locator('.jp-Stdin').count()).toBe(0);
    });
  }

  if (kind.input) {
    it('an interrupt stops a run even with continueOnError, listing the cells it left', async () => {
      const nb = 'run-interrupted.ipynb';
      const started = `interrupted-${Date.now()}.txt`;
      const [sleeping, after] = await notebookWith(nb, [
        `import time\nopen(${JSON.stringify(started)}, 'w').close()\ntime.sleep(30)`,
        'print("ran after the interrupt")'
      ]);
      const run = failure('run_cells', { notebookPath: nb, all: true, continueOnError: true }, 'cell_error');
      // The notebook's folder is the kernel's: the file says the cell is running.
      await expect.poll(() => existsSync(path.join(setup.site.rootDir!, started)), { timeout: 30_000 }).toBe(true);
      const { id: kernelId } = (await ok('read_notebook', { notebookPath: nb })).kernel as { id: string };
      await ok('interrupt_kernel', { kernelId });
      const stopped = await run;
      expect(stopped.error).toMatch(
        /raised an exception.* The kernel was interrupted there, so the run stopped: 1 cell did not run \(notRun\)\.$/
      );
      expect(stopped).toMatchObject({ cells: [{ cellId: sleeping, ename: 'KeyboardInterrupt' }], notRun: [after] });
    });
  }

  it('a cell deleted while it runs answers not_found, naming it, with the cells before it and the cells left', async () => {
    const nb = 'run-deleted.ipynb';
    const [first, running, after] = await notebookWith(nb, ['6*7', kind.slow, '1']);
    const run = failure('run_cells', { notebookPath: nb, all: true, continueOnError: true }, 'not_found');
    // The first cell has its count once it ran, and the run goes on to the slow one at once.
    const firstCount = async () => ((await ok('read_notebook', { notebookPath: nb })).cells as ReadCell[])[0]?.executionCount;
    await expect.poll(firstCount, { timeout: 30_000 }).toEqual(expect.any(Number));
    await ok('edit_notebook', { notebookPath: nb, edits: [{ op: 'delete', cellId: running }] });
    const stopped = await run;
    expect(stopped.error).toMatch(
      /^run_cells: a cell was deleted while it ran, .* The run stopped there: 1 cell did not run \(notRun\)\.$/
    );
    expect(stopped).toMatchObject({
      cells: [
        { cellId: first, status: 'ok' },
        { cellId: running, code: 'not_found', status: 'aborted' }
      ],
      notRun: [after]
    });
    expect((await read(nb)).map((cell) => cell.id)).toEqual([first, after]);
  });

  it('a notebook without a kernel answers no_kernel before any cell runs', async () => {
    const nb = 'run-kernelless.ipynb';
    await ok('write_file', {
      filePath: nb,
      content: JSON.stringify({
        cells: [{ cell_type: 'code', id: 'only', metadata: {}, source: '6*7', outputs: [], execution_count: null }],
        metadata: { kernelspec: { name: 'nosuch', display_name: 'No such kernel', language: 'nosuchlanguage' } },
        nbformat: 4,
        nbformat_minor: 5
      })
    });
    const refused = await failure('run_cells', { notebookPath: nb, all: true }, 'no_kernel');
    expect(refused.error).toContain(`"${kind.kernel}"`);
  });

  if (kind.kind === 'JupyterLab') {
    it('a kernel that dies as it starts, and that the server starts again, runs the cells once it answers', async () => {
      // The first start exits at once, as a kernel whose port another process took meanwhile does; the
      // server's restarter starts it again (on new ports) within its 3 s poll.
      const folder = path.join(setup.site.dataDir!, 'kernels', 'dies-once');
      const started = path.join(folder, 'started-once');
      mkdirSync(folder, { recursive: true });
      const script = `if [ -e '${started}' ]; then exec /usr/bin/python3 -m ipykernel_launcher -f "$0"; fi; touch '${started}'; exit 1`;
      writeFileSync(
        path.join(folder, 'kernel.json'),
        JSON.stringify({ argv: ['/bin/sh', '-c', script, '{connection_file}'], display_name: 'Dies once', language: 'python' })
      );
      await page().evaluate(() =>
        (
          globalThis as unknown as { jupyterapp: { serviceManager: { kernelspecs: { refreshSpecs(): Promise<void> } } } }
        ).jupyterapp.serviceManager.kernelspecs.refreshSpecs()
      );
      const nb = 'dies-once.ipynb';
      await ok('create_notebook', { name: nb, kernel: 'dies-once' });
      const [, shown] = (
        await ok('edit_notebook', {
          notebookPath: nb,
          edits: [
            { op: 'add', content: 'a = 6' },
            { op: 'add', content: 'a * 7' }
          ]
        })
      ).newCellIds as [string, string];
      const ran = await ok('run_cells', { notebookPath: nb, all: true });
      expect(existsSync(started)).toBe(true);
      expect((ran.cells as CellOutcome[]).map(({ status }) => status)).toEqual(['ok', 'ok']);
      expect(outputsText((ran.cells as CellOutcome[]).find((cell) => cell.cellId === shown))).toContain('42');
    });
  }

  it('a long run answers one pending, with progress until then, and wait_for_result gives every cell', async () => {
    const nb = 'run-slow.ipynb';
    const ids = await notebookWith(nb, ['6*7', kind.slow, '1 + 1']);
    // Progress notifications while the call is waited on (a client that sent a progressToken).
    const progress: { message?: string }[] = [];
    const seen = await setup.mcp.client.callTool({ name: 'run_cells', arguments: { notebookPath: nb, cellIds: [ids[1]] } }, undefined, {
      onprogress: (notification) => progress.push(notification),
      timeout: 60_000
    });
    expect(seen.structuredContent).toMatchObject({ success: true, status: 'ok' });
    expect(progress[0]?.message).toMatch(/^run_cells is still running in the page \(\d+ s\)$/);

    await setBridgeSetting(page(), 'pendingAfterSeconds', 1);
    try {
      const first = await ok('run_cells', { notebookPath: nb, all: true });
      expect(first).toMatchObject({ pending: true, tool: 'run_cells', command: 'jupyter-live-mcp:run-cells' });
      const running = (await ok('get_context')).pending as { pendingId: string; tool: string }[];
      expect(running).toContainEqual(expect.objectContaining({ pendingId: first.pendingId, tool: 'run_cells' }));
      // The pending answers say which cell the run is at: the slow one, the second of three.
      const atSlowCell = { cellsRun: 1, cells: 3, runningCellId: ids[1], runningIndex: 1 };
      await expect
        .poll(async () => (await ok('wait_for_result', { pendingId: first.pendingId, seconds: 0.1 })).progress, {
          timeout: 3_000,
          interval: 100
        })
        .toEqual(atSlowCell);
      expect((await ok('wait_for_result', { pendingId: first.pendingId, seconds: 0.1 })).message).toMatch(
        /still running after [\d.]+ s \(cell 2 of 3 is running \(".+", index 1\)\)/
      );
      // Meanwhile a read shows how far the run has come: the first cell has run, the last not yet.
      const midway = (await ok('read_notebook', { notebookPath: nb })).cells as (CellOutcome & { executionCount?: number })[];
      expect(outputsText(midway[0])).toContain('42');
      expect(midway[0]?.executionCount).toEqual(expect.any(Number));
      // Never run: no count at all.
      expect(midway[2]).not.toHaveProperty('executionCount');
      const final = await ok('wait_for_result', { pendingId: first.pendingId, seconds: 30 });
      expect(final).toMatchObject({ status: 'ok' });
      const cells = final.cells as CellOutcome[];
      expect(cells.map((cell) => cell.cellId)).toEqual(ids);
      expect(outputsText(cells[1])).toContain('slept');
      expect(outputsText(cells[2])).toContain('2');
    } finally {
      await setBridgeSetting(page(), 'pendingAfterSeconds', PENDING_AFTER_SECONDS);
    }
  });

  it('the agent task "add a five-cell analysis section and run it" takes at most 3 calls', async () => {
    const nb = 'analysis.ipynb';
    await ok('create_notebook', { name: nb });
    agent.reset();
    const added = await ok('edit_notebook', {
      notebookPath: nb,
      edits: [
        { op: 'add', cellType: 'markdown', content: '## Analysis' },
        { op: 'add', content: kind.assign('data', '[3, 1, 4, 1, 5, 9, 2, 6]') },
        {
          op: 'add',
          content: `${kind.assign('total', kind.language === 'python' ? 'sum(data)' : 'data.reduce((x, y) => x + y, 0)')}\ntotal`
        },
        { op: 'add', content: `${kind.assign('mean', kind.language === 'python' ? 'total / len(data)' : 'total / data.length')}\nmean` },
        { op: 'add', content: kind.language === 'python' ? 'max(data) - min(data)' : 'Math.max(...data) - Math.min(...data)' }
      ]
    });
    const ids = added.newCellIds as string[];
    expect(ids).toHaveLength(5);
    const run = await ok('run_cells', { notebookPath: nb, fromCellId: ids[0] });
    const cells = run.cells as CellOutcome[];
    expect(cells.map((cell) => cell.status)).toEqual(['no-op', 'ok', 'ok', 'ok', 'ok']);
    expect(outputsText(cells[2])).toContain('31');
    expect(outputsText(cells[3])).toContain('3.875');
    expect(outputsText(cells[4])).toContain('8');
    expect(agent.count).toBeLessThanOrEqual(3);
  });

  it('left no dialog open in the page, and the bridge logged no errors', async () => {
    expect((await setup.mcp.ok('get_context')).dialogs).toEqual([]);
    expect(await page().locator('.jp-Dialog').count()).toBe(0);
    expect(setup.consoleErrors.filter((text) => text.includes('jupyter-live-mcp'))).toEqual([]);
  });
});
