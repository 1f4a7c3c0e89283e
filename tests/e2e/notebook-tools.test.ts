/**
 * The bridge's own notebook, file and kernel tools end to end, with no other
 * extension, on each page kind: JupyterLab 4.6 (python3 kernel), Jupyter
 * Notebook 7.6 (python3; the page shows one notebook, so others are held in
 * the page's memory) and JupyterLite 0.8 (JavaScript kernel, files in the
 * browser). Every one of the 13 tools, and every bad input: a missing path or
 * cell, an existing notebook name, input(), no kernel, an edit without content.
 */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBridgeSetting, startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { countedCalls } from './support/counted-calls.js';
import { shownIds } from './support/shown-ids.js';

interface Kind {
  kind: PageKind;
  kernel: string;
  language: string;
  /** Code naming something undefined, and the error it raises. */
  undefinedName: { code: string; ename: string };
  /** Code that takes 5 s. */
  slow: string;
  /** Code that asks for input, where the kernel can. */
  input?: string;
  /** Code that draws a matplotlib picture, where the kernel can. */
  picture?: string;
  /** A one-document page: the notebook it shows, and notebooks it holds in memory. */
  oneDocument: boolean;
}

const KINDS: Kind[] = [
  {
    kind: 'JupyterLab',
    kernel: 'python3',
    language: 'python',
    undefinedName: { code: 'no_such_name + 1', ename: 'NameError' },
    slow: "import time\ntime.sleep(5)\nprint('slept')",
    input: "answer = input('Name: ')",
    picture: [
      'import io',
      'import matplotlib',
      "matplotlib.use('agg')",
      'import matplotlib.pyplot as plt',
      'from IPython.display import Image, display',
      'fig = plt.figure(figsize=(4, 3))',
      'plt.plot([0, 1], [1, 0])',
      'buffer = io.BytesIO()',
      "fig.savefig(buffer, format='png')",
      'display(Image(buffer.getvalue()))'
    ].join('\n'),
    oneDocument: false
  },
  {
    kind: 'Notebook 7',
    kernel: 'python3',
    language: 'python',
    undefinedName: { code: 'no_such_name + 1', ename: 'NameError' },
    slow: "import time\ntime.sleep(5)\nprint('slept')",
    input: "answer = input('Name: ')",
    oneDocument: true
  },
  {
    kind: 'JupyterLite',
    kernel: 'javascript',
    language: 'javascript',
    undefinedName: { code: 'no_such_name + 1', ename: 'ReferenceError' },
    slow: "const until = Date.now() + 5000; while (Date.now() < until) {} 'slept'",
    oneDocument: false
  }
];

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** Kinds whose files are on the test's disk (JupyterLite keeps them in the browser). */
const hasDisk = (kind: Kind) => kind.kind !== 'JupyterLite';

/** Code that is the same in Python and JavaScript. */
const SIX_TIMES_SEVEN = '6*7';
/**
 * Calls answer pending after this long: far above what a call takes on a loaded
 * machine (a new notebook's first run waits for its kernel to start), so only the
 * test of a long run, which lowers it, sees one.
 */
const PENDING_AFTER_SECONDS = 60;
/** Rounds of restarts may each outlast the test timeout's share on a loaded machine. */
const ROUNDS_TIMEOUT_MS = 300_000;
/** A run that asks for input is refused at once: well before any call would go pending. */
const INPUT_REFUSED_WITHIN_MS = 10_000;
/** The notebook a Notebook 7 page shows (JupyterLab and JupyterLite show it in a tab). */
const SHOWN = 'shown.ipynb';

const notebookFile = (kernelspec: Record<string, string>, cells: Record<string, unknown>[], minor = 5) =>
  JSON.stringify({ cells, metadata: { kernelspec }, nbformat: 4, nbformat_minor: minor });
const codeCell = (source: string, id?: string) => ({
  cell_type: 'code',
  ...(id ? { id } : {}),
  metadata: {},
  source,
  outputs: [],
  execution_count: null
});

/** The HTML pandas writes for a DataFrame cut for display: its table, then its "rows × columns" footer. */
const DATAFRAME_HTML = [
  '<div>',
  '<table border="1" class="dataframe">',
  '  <thead>',
  '    <tr style="text-align: right;">',
  '      <th></th>',
  '      <th>a</th>',
  '      <th>b</th>',
  '    </tr>',
  '  </thead>',
  '  <tbody>',
  '    <tr>',
  '      <th>0</th>',
  '      <td>1</td>',
  '      <td>2</td>',
  '    </tr>',
  '  </tbody>',
  '</table>',
  '<p>150 rows × 2 columns</p>',
  '</div>'
].join('\n');
const colour = (text: string) => `\u001b[0;31m${text}\u001b[0m`;

/**
 * A notebook worked in elsewhere, with what outputs a session leaves: a long
 * stream, an IPython traceback, a DataFrame, a picture; its code cells carry
 * the trusted flag a saved notebook has. The traceback cell ran first.
 */
const workedNotebook = (kernelspec: Record<string, string>) => {
  const ran = (id: string, count: number, source: string, outputs: unknown[]) => ({
    cell_type: 'code',
    id,
    metadata: { trusted: false },
    source,
    execution_count: count,
    outputs
  });
  return notebookFile(kernelspec, [
    { cell_type: 'markdown', id: 'notes', metadata: {}, source: '# Worked' },
    ran('stream', 3, 'for i in range(100): print("line", i)', [
      { output_type: 'stream', name: 'stdout', text: Array.from({ length: 100 }, (_, i) => `line ${i}\n`) }
    ]),
    ran('error', 1, 'f()', [
      {
        output_type: 'error',
        ename: 'ZeroDivisionError',
        evalue: 'division by zero',
        traceback: [
          `${colour('-'.repeat(75))}\n${colour('ZeroDivisionError')}       Traceback (most recent call last)`,
          ...Array.from({ length: 7 }, (_, i) => `frame ${i}\n${colour('----> 1')} f${i}()`),
          `${colour('ZeroDivisionError')}: division by zero`
        ]
      }
    ]),
    ran('table', 4, 'df', [
      {
        output_type: 'execute_result',
        execution_count: 4,
        metadata: {},
        data: { 'text/plain': ['   a  b\n', '0  1  2'], 'text/html': DATAFRAME_HTML }
      }
    ]),
    ran('picture', 5, 'plot()', [
      { output_type: 'display_data', metadata: {}, data: { 'image/png': `${ONE_PIXEL_PNG}\n`, 'text/plain': ['<Figure size 1x1>'] } }
    ])
  ]);
};

describe.each(KINDS)('the notebook tools in $kind', (kind) => {
  let setup: PageWithAgent;
  const kernelspec = { name: kind.kernel, display_name: kind.kernel, language: kind.language };

  beforeAll(async () => {
    setup = await startPageWithAgent(kind.kind, { bridgeSettings: { pendingAfterSeconds: PENDING_AFTER_SECONDS } });
    if (kind.oneDocument) {
      await setup.openNotebook(SHOWN, notebookFile(kernelspec, [codeCell('', 'shown-first')]));
    } else {
      await setup.open();
    }
  });

  afterAll(async () => {
    await setup?.stop();
  });

  const agent = countedCalls(() => setup.mcp);
  const { call, ok } = agent;
  const failure = async (name: string, args: Record<string, unknown>, code: string) =>
    (await agent.failure(name, args, code)).error as string;
  const page = (): Page => setup.page;
  const context = () => setup.mcp.ok('get_context');
  const diskFile = (name: string) => (setup.site.rootDir ? readFileSync(path.join(setup.site.rootDir, name), 'utf8') : undefined);
  /** Writes a file through the agent's own tool, so it works where files live in the browser too. */
  const writeNotebook = (name: string, content: string) => ok('write_file', { filePath: name, content });
  /** A new notebook of the test's own (create_notebook) with code cells of these sources; resolves with their ids. */
  const notebookWith = async (name: string, sources: string[]) => {
    await ok('create_notebook', { name });
    const ids: string[] = [];
    for (const content of sources) {
      ids.push(
        (await ok('add_cell', { notebookPath: name, content, ...(ids.length ? { referenceCellId: ids.at(-1) } : {}) })).cellId as string
      );
    }
    return ids;
  };

  it('the agent task "create a notebook, add a cell, run it, read its output back" takes 4 calls, without moving the person\'s focus', async () => {
    // The page's own start-up may still bring its launcher or notebook to the front: wait for it.
    await expect.poll(async () => (await context()).currentWidgetId, { timeout: 15_000 }).not.toBeNull();
    const before = (await context()).currentWidgetId;
    agent.reset();
    const created = await ok('create_notebook', { name: 'task' });
    expect(created).toMatchObject({ notebookPath: 'task.ipynb', kernel: kind.kernel, language: kind.language });
    const added = await ok('add_cell', { notebookPath: 'task.ipynb', content: SIX_TIMES_SEVEN });
    // The new notebook's lone empty cell made way for it.
    expect(added).toMatchObject({
      index: 0,
      position: 'replaced',
      replacedCellId: expect.any(String),
      message: expect.stringContaining('no longer exists')
    });
    const ran = await ok('run_cell', { notebookPath: 'task.ipynb', cellId: added.cellId });
    // A bare result is its text.
    expect(ran).toMatchObject({ status: 'ok', executionCount: 1, outputs: ['42'] });
    const read = await ok('read_notebook', { notebookPath: 'task.ipynb' });
    // Nothing the agent sent comes back, and nothing was cut.
    expect(read).not.toHaveProperty('notebookPath');
    expect(read).not.toHaveProperty('cut');
    expect(read).toMatchObject({
      readFrom: kind.oneDocument ? 'memory' : 'tab',
      cellCount: 1,
      cells: [
        {
          id: added.cellId,
          source: SIX_TIMES_SEVEN,
          executionCount: 1,
          outputs: ['42']
        }
      ]
    });
    expect(agent.count).toBeLessThanOrEqual(4);

    const after = await context();
    expect(after.currentWidgetId).toBe(before);
    expect(after.kernelspecs).toContainEqual({ name: kind.kernel, displayName: expect.any(String), language: kind.language });
    if (kind.oneDocument) {
      expect(created.note).toMatch(/holds this notebook in memory/);
      expect(after.widgets).toEqual([expect.objectContaining({ path: SHOWN })]);
    } else {
      expect(created.note).toMatch(/background tab/);
      expect(after.widgets).toContainEqual(
        expect.objectContaining({ path: 'task.ipynb', notebook: expect.objectContaining({ cellCount: 1 }) })
      );
    }
  });

  it('create_notebook takes a kernel by name or language; an existing name, or a file as its folder, is refused and leaves nothing behind', async () => {
    expect(await ok('create_notebook', { name: 'by-kernel.ipynb', kernel: kind.kernel })).toMatchObject({
      notebookPath: 'by-kernel.ipynb',
      kernelDisplayName: expect.any(String)
    });
    expect(await ok('create_notebook', { name: 'by-language', language: kind.language })).toMatchObject({ kernel: kind.kernel });
    await ok('write_file', { filePath: 'plain.txt', content: 'not a folder' });
    const listed = async () => ((await ok('list_directory')).items as { name: string }[]).map((item) => item.name).sort();
    const before = await listed();
    expect(await failure('create_notebook', { name: 'by-kernel.ipynb' }, 'already_exists')).toMatch(
      /"by-kernel\.ipynb" exists already, and nothing was changed/
    );
    expect(await failure('create_notebook', { name: 'other', kernel: 'nosuch' }, 'bad_input')).toContain(`"${kind.kernel}"`);
    expect(await failure('create_notebook', { name: 'plain.txt/nb' }, 'not_found')).toBe(
      'create_notebook: there is no folder "plain.txt" to create "plain.txt/nb.ipynb" in. list_directory shows the folders there are.'
    );
    expect(await listed()).toEqual(before);
  });

  it('add_cell places cells above, below and at the start, and refuses a reference cell that is not there', async () => {
    const nb = 'add-cells.ipynb';
    await ok('create_notebook', { name: nb });
    const first = (await ok('add_cell', { notebookPath: nb, content: '1' })).cellId as string;
    const notes = await ok('add_cell', {
      notebookPath: nb,
      content: '# Notes',
      cellType: 'markdown',
      referenceCellId: first,
      position: 'above'
    });
    expect(notes).toMatchObject({ index: 0, type: 'markdown' });
    expect(notes).not.toHaveProperty('referenceCellId');
    expect(await ok('add_cell', { notebookPath: nb, content: '2', referenceCellId: first })).toMatchObject({ index: 2, position: 'below' });
    expect(await ok('add_cell', { notebookPath: nb, content: '0', position: 'above' })).toMatchObject({ index: 0, position: 'start' });
    const error = await failure('add_cell', { notebookPath: nb, content: 'x', referenceCellId: 'nope' }, 'not_found');
    expect(error).toMatch(/"add-cells\.ipynb" has no cell with id "nope"\. Its cells: ".+" \(code\), ".+" \(markdown\)/);
    expect(error).toContain(first);
    const cells = (await ok('read_notebook', { notebookPath: nb })).cells as { source: string; type: string }[];
    expect(cells.map((cell) => cell.source)).toEqual(['0', '# Notes', '1', '2']);
  });

  it('edit_cell changes the source; without content it is refused before anything runs; a missing cell lists the ids', async () => {
    const nb = 'edit-cell.ipynb';
    const target = { id: (await notebookWith(nb, ['0', '1', '2']))[2]! };
    expect(await ok('edit_cell', { notebookPath: nb, cellId: target.id, content: 'x = 6*7\nx' })).toEqual({
      success: true,
      index: 2,
      type: 'code'
    });
    const readBack = await ok('read_cell', { notebookPath: nb, cellId: target.id });
    expect(readBack).toMatchObject({ index: 2, source: 'x = 6*7\nx' });
    expect(readBack.type).toBeUndefined();

    expect(await failure('edit_cell', { notebookPath: nb, cellId: target.id }, 'bad_input')).toMatch(/missing required argument "content"/);
    expect((await ok('read_cell', { notebookPath: nb, cellId: target.id })).source).toBe('x = 6*7\nx');
    expect(await failure('edit_cell', { notebookPath: nb, cellId: 'nope', content: '1' }, 'not_found')).toMatch(
      /has no cell with id "nope"\. Its cells: /
    );
    expect(await failure('read_cell', { notebookPath: nb, cellId: 'nope' }, 'not_found')).toMatch(/has no cell with id "nope"/);
  });

  it('a path that does not exist is an error at once, naming the path and the tool to use, and opens no dialog', async () => {
    const started = performance.now();
    for (const tool of ['read_notebook', 'save_notebook']) {
      expect(await failure(tool, { notebookPath: 'missing/nb.ipynb' }, 'not_found')).toBe(
        `${tool}: there is no notebook "missing/nb.ipynb". list_directory shows the files there are; create_notebook creates a notebook.`
      );
    }
    for (const [tool, args] of [
      ['read_cell', { cellId: 'c' }],
      ['add_cell', { content: '1' }],
      ['edit_cell', { cellId: 'c', content: '1' }],
      ['delete_cell', { cellId: 'c' }],
      ['run_cell', { cellId: 'c' }]
    ] as const) {
      expect(await failure(tool, { notebookPath: 'nope.ipynb', ...args }, 'not_found')).toMatch(
        /there is no notebook "nope\.ipynb"\. list_directory .* create_notebook/
      );
    }
    expect(await failure('read_file', { filePath: 'nope.txt' }, 'not_found')).toMatch(
      /there is no file "nope\.txt"\. list_directory .*create_file/
    );
    expect(await failure('list_directory', { path: 'no/such' }, 'not_found')).toBe(
      'list_directory: there is no folder "no/such". list_directory of "no" shows what is there.'
    );
    expect(await failure('create_file', { fileName: 'a.md', cwd: 'no/such' }, 'not_found')).toMatch(/no folder "no\/such"/);
    expect(await failure('execute_code', { kernelId: 'no-such-kernel', code: '1' }, 'not_found')).toMatch(
      /get_context lists the running kernels/
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await context()).dialogs).toEqual([]);
    expect(await page().locator('.jp-Dialog').count()).toBe(0);
  });

  it("run_cell: an exception is the cell's outcome (cell_error, the traceback once, no colours); a markdown cell renders", async () => {
    const nb = 'errors.ipynb';
    const [bad] = await notebookWith(nb, [kind.undefinedName.code]);
    await ok('add_cell', { notebookPath: nb, content: '# Notes', cellType: 'markdown', referenceCellId: bad });
    const result = await call('run_cell', { notebookPath: nb, cellId: bad });
    expect(result).toMatchObject({
      success: false,
      code: 'cell_error',
      status: 'error',
      ename: kind.undefinedName.ename,
      traceback: expect.any(String)
    });
    // The sentence says what the fields do not: that the code raised; ename and evalue say what.
    expect(result.error).toMatch(/^run_cell: the cell raised an exception \(ename, evalue, traceback\)\. That is the code's outcome/);
    expect(JSON.stringify(result)).not.toContain('\\u001b');
    // The traceback comes once: not again as an error output (and no empty list says there is none).
    expect(result).not.toHaveProperty('outputs');

    const markdown = (await ok('read_notebook', { notebookPath: nb })).cells as { id: string; type: string }[];
    const notes = markdown.find((cell) => cell.type === 'markdown')!;
    expect(await ok('run_cell', { notebookPath: nb, cellId: notes.id })).toMatchObject({ status: 'no-op', type: 'markdown' });
  });

  if (kind.kernel === 'python3') {
    it("run_cell condenses a long stream as the reads do; read_cell's outputIndex gives it whole", async () => {
      const nb = 'long-stream.ipynb';
      const [cellId] = await notebookWith(nb, ['for i in range(100): print(i)']);
      const ran = await ok('run_cell', { notebookPath: nb, cellId });
      expect(ran.outputs).toEqual([{ stdout: expect.stringContaining('7\n[… 84 lines left out …]\n92\n') }]);
      const whole = await ok('read_cell', { notebookPath: nb, cellId, outputIndex: 0 });
      expect((whole.output as { text: string }).text).toBe(Array.from({ length: 100 }, (_, i) => `${i}\n`).join(''));
    });
  }

  it('a long run answers pending by itself and finishes through wait_for_result', async () => {
    const nb = 'slow.ipynb';
    const [slow] = await notebookWith(nb, [kind.slow]);
    await setBridgeSetting(page(), 'pendingAfterSeconds', 1);
    try {
      const first = await ok('run_cell', { notebookPath: nb, cellId: slow });
      expect(first).toMatchObject({ pending: true, tool: 'run_cell', command: 'jupyter-live-mcp:run-cell' });
      const final = await ok('wait_for_result', { pendingId: first.pendingId, seconds: 30 });
      expect(final).toMatchObject({ status: 'ok' });
      expect(JSON.stringify(final.outputs)).toContain('slept');
    } finally {
      await setBridgeSetting(page(), 'pendingAfterSeconds', PENDING_AFTER_SECONDS);
    }
  });

  if (kind.input) {
    it('a cell or code asking for input gets kernel_input at once, and the kernel goes on', async () => {
      const nb = 'input.ipynb';
      const [asking] = await notebookWith(nb, [kind.input!]);
      const started = performance.now();
      const result = await call('run_cell', { notebookPath: nb, cellId: asking });
      expect(result).toMatchObject({
        success: false,
        code: 'kernel_input',
        error: expect.stringMatching(/asked for input( \(prompt "Name: "\))?, which an agent cannot type/)
      });
      expect(performance.now() - started).toBeLessThan(INPUT_REFUSED_WITHIN_MS);
      const kernelId = result.kernelId as string;
      expect(await failure('execute_code', { kernelId, code: kind.input! }, 'kernel_input')).toMatch(
        /^execute_code: the code asked for input/
      );
      expect(await ok('execute_code', { kernelId, code: '6*7' })).toMatchObject({ status: 'ok' });
      // No input box was left in the page for the person.
      expect(await page().locator('.jp-Stdin').count()).toBe(0);
    });
  }

  it('a notebook without a kernel answers no_kernel, naming the kernelspecs and the call that starts one', async () => {
    const nb = 'kernelless.ipynb';
    await writeNotebook(
      nb,
      notebookFile({ name: 'nosuch', display_name: 'No such kernel', language: 'nosuchlanguage' }, [codeCell(SIX_TIMES_SEVEN, 'only')])
    );
    const error = await failure('run_cell', { notebookPath: nb, cellId: 'only' }, 'no_kernel');
    expect(error).toContain(`"${kind.kernel}"`);
    expect(error).toContain('"commandId": "jupyter-live-mcp:start-kernel"');
    // No "Select Kernel" dialog was left for the person either.
    expect(await page().locator('.jp-Dialog').count()).toBe(0);
    const started = await ok('execute_command', {
      commandId: 'jupyter-live-mcp:start-kernel',
      args: { notebookPath: nb, kernel: kind.kernel }
    });
    expect(started).toMatchObject({ kernelId: expect.any(String) });
    expect(await ok('run_cell', { notebookPath: nb, cellId: 'only' })).toMatchObject({
      status: 'ok',
      outputs: ['42']
    });
  });

  it('delete_cell removes a cell; save_notebook writes the notebook as the page has it', async () => {
    const nb = 'delete-cell.ipynb';
    await notebookWith(nb, ['1', '2', '3']);
    const cells = (await ok('read_notebook', { notebookPath: nb })).cells as { id: string }[];
    expect(await ok('delete_cell', { notebookPath: nb, cellId: cells[0]!.id })).toMatchObject({
      remainingCells: cells.length - 1
    });
    expect(await ok('save_notebook', { notebookPath: nb })).toMatchObject({ saved: true });
    expect(await ok('read_notebook', { notebookPath: nb })).toMatchObject({ dirty: false, cellCount: cells.length - 1 });
    const onDisk = diskFile(nb);
    if (onDisk) {
      const saved = JSON.parse(onDisk) as { cells: { id: string; source: string | string[] }[] };
      const shown = shownIds(saved.cells.map((cell) => cell.id));
      expect(saved.cells.map((cell) => shown[cell.id])).toEqual(cells.slice(1).map((cell) => cell.id));
    }
    // A notebook the page does not have open has nothing unsaved.
    await writeNotebook('closed.ipynb', notebookFile(kernelspec, [codeCell('1', 'c1')]));
    expect(await ok('save_notebook', { notebookPath: 'closed.ipynb' })).toMatchObject({ saved: false });
  });

  it('read_notebook reads a notebook the page does not have from disk; an nbformat 4.4 one gets ids valid while open', async () => {
    await writeNotebook('on-disk.ipynb', notebookFile(kernelspec, [codeCell('1', 'c1')]));
    expect(await ok('read_notebook', { notebookPath: 'on-disk.ipynb' })).toMatchObject({
      readFrom: 'disk',
      nbformat: '4.5',
      kernelspec: kind.kernel,
      cells: [{ id: 'c1', source: '1' }]
    });
    // Never run: no count at all, not a null.
    expect(((await ok('read_notebook', { notebookPath: 'on-disk.ipynb' })).cells as object[])[0]).not.toHaveProperty('executionCount');
    expect(await ok('read_cell', { notebookPath: 'on-disk.ipynb', cellId: 'c1' })).toMatchObject({ source: '1' });
    expect(await failure('read_cell', { notebookPath: 'on-disk.ipynb' }, 'bad_input')).toMatch(/pass cellId\. Its cells: "c1" \(code\)/);

    await writeNotebook(
      'old.ipynb',
      notebookFile(kernelspec, [codeCell('a = 1'), { cell_type: 'markdown', metadata: {}, source: '# Old' }], 4)
    );
    const old = await ok('read_notebook', { notebookPath: 'old.ipynb' });
    const ids = (old.cells as { id: string }[]).map((cell) => cell.id);
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => id.length > 0)).toBe(true);
    expect(old.note).toMatch(
      /nbformat 4\.4, whose cells have no ids, so the page opened it: these ids are those the page gave its cells, valid while the page has it open/
    );
    expect(await ok('read_cell', { notebookPath: 'old.ipynb', cellId: ids[1] })).toMatchObject({ source: '# Old', type: 'markdown' });
    expect(await ok('edit_cell', { notebookPath: 'old.ipynb', cellId: ids[0], content: 'a = 2' })).toMatchObject({
      success: true,
      index: 0
    });
  });

  it('read_notebook gives the compact view (a long stream cut, a traceback, a table, a picture), the nbformat JSON, and pages', async () => {
    const nb = 'worked.ipynb';
    await writeNotebook(nb, workedNotebook(kernelspec));
    const read = await setup.mcp.call('read_notebook', { notebookPath: nb });
    expect(read.result).toMatchObject({
      success: true,
      readFrom: 'disk',
      cellCount: 5,
      // The traceback cell ran before the stream cell above it; the page saw none of these runs.
      stale: { outOfOrder: ['error'], unknown: 4 },
      // Said once, as outputs are cut: how to get one whole.
      cut: expect.stringMatching(/read_cell with its outputIndex gives it whole/),
      cells: [
        { id: 'notes', type: 'markdown', source: '# Worked' },
        {
          id: 'stream',
          executionCount: 3,
          outputs: [{ stdout: expect.stringContaining('line 7\n[… 84 lines left out …]\nline 92\n') }]
        },
        {
          id: 'error',
          executionCount: 1,
          outOfOrder: true,
          outputs: [
            {
              error: 'ZeroDivisionError: division by zero',
              traceback: expect.stringMatching(/^\[… 2 earlier frames left out …\]\nframe 2/)
            }
          ]
        },
        {
          id: 'table',
          outputs: [{ text: '   a  b\n0  1  2', table: 'DataFrame: 150 rows × 2 columns' }]
        },
        { id: 'picture', outputs: [{ type: 'display', 'image/png': '[image 1: image/png 1x1, attached]' }] }
      ]
    });
    const cells = read.result.cells as Record<string, unknown>[];
    expect(cells.some((cell) => 'metadata' in cell)).toBe(false);
    // In order from the first: no cell repeats its index.
    expect(cells.some((cell) => 'index' in cell)).toBe(false);
    expect(cells[1]).not.toHaveProperty('editedSinceRun');
    expect(JSON.stringify(read.result)).not.toContain('\\u001b');
    const images = (raw: CallToolResult) => (raw.content as CallToolResult['content']).filter((block) => block.type === 'image');
    expect(images(read.raw)).toHaveLength(1);

    const full = await setup.mcp.call('read_notebook', { notebookPath: nb, format: 'nbformat' });
    expect(full.result).toMatchObject({ success: true, cellCount: 5, content: { nbformat: 4, nbformat_minor: 5 } });
    const fullCells = (full.result.content as { cells: { metadata: unknown; outputs?: { text?: unknown }[] }[] }).cells;
    expect(fullCells[1]!.metadata).toEqual({ trusted: false });
    expect([fullCells[1]!.outputs![0]!.text].flat().join('')).toContain('line 50');
    expect(images(full.raw)).toHaveLength(1);
    const textOf = (raw: CallToolResult) => ((raw.content as CallToolResult['content'])[0] as { text: string }).text;
    expect(textOf(read.raw).length).toBeLessThan(textOf(full.raw).length / 2);

    const page = await ok('read_notebook', { notebookPath: nb, from: 1, to: 3 });
    expect(page).toMatchObject({ cellCount: 5, stale: { outOfOrder: ['error'] } });
    expect((page.cells as { id: string; index?: number }[]).map((cell) => [cell.id, cell.index])).toEqual([
      ['stream', undefined],
      ['error', undefined]
    ]);
    // Picked by id, the cells say where they are.
    const byId = await ok('read_notebook', { notebookPath: nb, cellIds: ['picture', 'notes'] });
    expect((byId.cells as { id: string; index: number }[]).map((cell) => [cell.id, cell.index])).toEqual([
      ['notes', 0],
      ['picture', 4]
    ]);
    const picked = await ok('read_notebook', { notebookPath: nb, cellIds: ['picture', 'notes'], format: 'nbformat' });
    expect((picked.content as { cells: { id: string }[] }).cells.map((cell) => cell.id)).toEqual(['notes', 'picture']);
    expect(await failure('read_notebook', { notebookPath: nb, from: 5 }, 'bad_input')).toMatch(
      /from 5 is past its last cell: it has 5 cells/
    );
    expect(await failure('read_notebook', { notebookPath: nb, cellIds: ['nope'] }, 'not_found')).toMatch(
      /no cell with id "nope"\. Its cells: "notes"/
    );

    const whole = await ok('read_cell', { notebookPath: nb, cellId: 'stream', outputIndex: 0 });
    expect(whole).toMatchObject({ index: 1, output: { output_type: 'stream', name: 'stdout' } });
    expect((whole.output as { text: string }).text.split('\n')).toHaveLength(101);
    expect(whole).not.toHaveProperty('source');
    expect(await failure('read_cell', { notebookPath: nb, cellId: 'stream', outputIndex: 1 }, 'bad_input')).toMatch(
      /cell "stream" has 1 output: outputIndex is 0 to 0/
    );
    expect(await ok('read_cell', { notebookPath: nb, cellId: 'error' })).toMatchObject({ outOfOrder: true });
  });

  it('a read bigger than maxResultChars gives whole cells and says where to read on, so the agent pages through it', async () => {
    // Ids of 8 characters, shown whole; and the same as JupyterLab's UUIDs, which answers show by the same 8 characters.
    const ids = Array.from({ length: 40 }, (_, i) => `long-${String(i).padStart(3, '0')}`);
    // Short sources, so that an id's length weighs in how many cells a read takes.
    const sources = ids.map((_, i) => `x = ${i}`);
    const write = (nb: string, fileIds: string[]) =>
      ok('write_file', {
        filePath: nb,
        content: notebookFile(
          kernelspec,
          fileIds.map((id, i) => codeCell(sources[i]!, id))
        )
      });
    await write('long.ipynb', ids);
    await write(
      'long-uuids.ipynb',
      ids.map((id) => `${id}-0a1b-4c2d-8e3f-0123456789ab`)
    );
    await setBridgeSetting(page(), 'maxResultChars', 1500);
    const pagesThrough = async (nb: string) => {
      const seen: string[] = [];
      let args: Record<string, unknown> = {};
      for (let reads = 1; reads <= 40; reads++) {
        const { raw, result } = await setup.mcp.call('read_notebook', { notebookPath: nb, ...args });
        expect(result).toMatchObject({ success: true, cellCount: 40 });
        expect(result).not.toHaveProperty('truncated');
        expect((raw.content[0] as { text: string }).text.length).toBeLessThanOrEqual(1500);
        const got = result.cells as { id: string; source: string }[];
        // Whole cells: every source as written.
        expect(got.map((cell) => cell.source)).toEqual(got.map((cell) => sources[ids.indexOf(cell.id)]));
        seen.push(...got.map((cell) => cell.id));
        if (!result.readOn) {
          expect(seen).toEqual(ids);
          return reads;
        }
        expect(result.note).toMatch(/did not fit in one result \(maxResultChars 1500\): read on with read_notebook \{"from":\d+\}/);
        args = result.readOn as Record<string, unknown>;
        expect(args).toEqual({ from: seen.length });
      }
      throw new Error(`${nb}: still reading on after 40 reads`);
    };
    try {
      const reads = await pagesThrough('long.ipynb');
      expect(reads).toBeGreaterThan(2);
      // Each read is filled with the cells as the agent gets them, their ids short: no more reads for longer ids.
      expect(await pagesThrough('long-uuids.ipynb')).toBe(reads);
      const picked = await ok('read_notebook', { notebookPath: 'long.ipynb', cellIds: ids.slice(0, 30) });
      // What is left, named whole, however small maxResultChars is.
      expect(picked).not.toHaveProperty('truncated');
      expect(picked.readOn).toEqual({ cellIds: ids.slice((picked.cells as unknown[]).length, 30) });
    } finally {
      await setBridgeSetting(page(), 'maxResultChars', 60_000);
    }
  });

  it('a read of half a megabyte comes whole, its text block the same JSON as its structuredContent', async () => {
    // Far over the 16 KiB from which the server sends a result as the page wrote it (hub/raw-result.ts), in several chunks.
    const nb = 'big-read.ipynb';
    const ids = Array.from({ length: 300 }, (_, i) => `big-${i}`);
    const sources = ids.map((_, i) => `# step ${i}: "é😀" \\ \n${'x = 1\n'.repeat(300)}`);
    await ok('write_file', {
      filePath: nb,
      content: notebookFile(
        kernelspec,
        ids.map((id, i) => codeCell(sources[i]!, id))
      )
    });
    await setBridgeSetting(page(), 'maxResultChars', 2_000_000);
    try {
      const { raw, result } = await setup.mcp.call('read_notebook', { notebookPath: nb });
      expect(result).toMatchObject({ success: true, cellCount: 300 });
      expect(result).not.toHaveProperty('readOn');
      expect((result.cells as { source: string }[]).map((cell) => cell.source)).toEqual(sources);
      const text = (raw.content[0] as { text: string }).text;
      expect(Buffer.byteLength(text)).toBeGreaterThan(512 * 1024);
      expect(JSON.parse(text)).toEqual(result);
    } finally {
      await setBridgeSetting(page(), 'maxResultChars', 60_000);
    }
  });

  it('marks a cell edited since it ran, and the cells below one that ran again; edits and adds send back no source', async () => {
    const nb = 'stale.ipynb';
    await ok('create_notebook', { name: nb });
    const added = await ok('add_cell', { notebookPath: nb, content: SIX_TIMES_SEVEN });
    expect(Object.keys(added).sort()).toEqual(['cellId', 'index', 'message', 'position', 'replacedCellId', 'success', 'type']);
    const first = added.cellId as string;
    const second = (await ok('add_cell', { notebookPath: nb, content: '1+1', referenceCellId: first })).cellId as string;
    await ok('run_cell', { notebookPath: nb, cellId: first });
    await ok('run_cell', { notebookPath: nb, cellId: second });
    expect(await ok('read_notebook', { notebookPath: nb })).not.toHaveProperty('stale');

    const edited = await ok('edit_cell', { notebookPath: nb, cellId: first, content: '6*7 + 0' });
    expect(Object.keys(edited).sort()).toEqual(['index', 'success', 'type']);
    const afterEdit = await ok('read_notebook', { notebookPath: nb });
    expect(afterEdit.stale).toEqual({ editedSinceRun: [first] });
    expect(afterEdit.cells).toMatchObject([{ id: first, editedSinceRun: true }, { id: second }]);
    expect((afterEdit.cells as object[])[1]).not.toHaveProperty('editedSinceRun');

    await ok('run_cell', { notebookPath: nb, cellId: first });
    const afterRerun = await ok('read_notebook', { notebookPath: nb });
    expect(afterRerun.stale).toEqual({ outOfOrder: [second] });
    expect(afterRerun.cells).toMatchObject([
      { id: first, executionCount: 3 },
      { id: second, executionCount: 2, outOfOrder: true }
    ]);
  });

  it('list_directory, create_file, read_file and write_file work on the files, and write_file creates a new file', async () => {
    expect(await ok('create_file', { fileName: 'notes', fileType: 'markdown', content: '# hello' })).toMatchObject({
      filePath: 'notes.md',
      opened: !kind.oneDocument
    });
    expect(await failure('create_file', { fileName: 'notes.md' }, 'already_exists')).toMatch(/"notes\.md" exists already/);
    expect(await ok('read_file', { filePath: 'notes.md' })).toMatchObject({ content: '# hello' });
    expect(await ok('write_file', { filePath: 'notes.md', content: 'rewritten\n' })).toMatchObject({ created: false, saved: true });
    expect(await ok('read_file', { filePath: 'notes.md' })).toMatchObject({ content: 'rewritten\n' });
    expect(await ok('write_file', { filePath: 'new/../fresh.txt', content: 'new file\n' })).toMatchObject({
      filePath: 'fresh.txt',
      created: true
    });
    expect(await ok('read_file', { filePath: 'fresh.txt' })).toMatchObject({ content: 'new file\n', readFrom: 'disk' });
    if (setup.site.rootDir) {
      expect(diskFile('fresh.txt')).toBe('new file\n');
      expect(diskFile('notes.md')).toBe('rewritten\n');
    }
    const listing = await ok('list_directory', {});
    const names = (listing.items as { name: string; type: string }[]).map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['notes.md', 'fresh.txt']));
    expect(names.some((name) => name.startsWith('Untitled'))).toBe(false);
    expect(await failure('list_directory', { path: 'notes.md' }, 'bad_input')).toMatch(/is a file, not a folder: read_file reads it/);
    expect(await failure('read_file', { filePath: '' }, 'bad_input')).toMatch(/missing required argument "filePath"/);
  });

  it("execute_code runs code in a notebook's kernel, sharing its variables without moving its counter", async () => {
    const nb = 'shared-kernel.ipynb';
    const [cellId] = await notebookWith(nb, [SIX_TIMES_SEVEN]);
    const ran = await ok('run_cell', { notebookPath: nb, cellId });
    const kernelId = ran.kernelId as string;
    const count = ran.executionCount as number;
    expect(await ok('execute_code', { kernelId, code: kind.kernel === 'python3' ? 'y = 6*7\ny' : 'globalThis.y = 6*7; y' })).toMatchObject({
      status: 'ok',
      outputs: [expect.objectContaining({ output_type: 'execute_result', data: { 'text/plain': '42' } })]
    });
    expect(await ok('execute_code', { kernelId, code: 'y' })).toMatchObject({
      outputs: [expect.objectContaining({ data: { 'text/plain': '42' } })]
    });
    const error = await call('execute_code', { kernelId, code: kind.undefinedName.code });
    expect(error).toMatchObject({ success: false, code: 'cell_error', ename: kind.undefinedName.ename });
    // The next run of a cell gets the next count: the agent's code did not take any.
    expect(await ok('run_cell', { notebookPath: nb, cellId })).toMatchObject({ executionCount: count + 1 });
  });

  it(
    "restart_kernel restarts a notebook's kernel without a dialog: its variables are gone, and run_cell and execute_code go on at once",
    async () => {
      const nb = 'restarted.ipynb';
      const [setCell, readCell] = await notebookWith(nb, [kind.kernel === 'python3' ? 'x = 6*7' : 'globalThis.x = 6*7', 'x']);
      const forgotten = { success: false, code: 'cell_error', ename: kind.undefinedName.ename };
      // Each round restarts and runs at once, on the notebook's connection to the kernel and on the page's own.
      for (let round = 0; round < 3; round++) {
        const kernelId = (await ok('run_cell', { notebookPath: nb, cellId: setCell })).kernelId as string;
        expect(await ok('execute_code', { kernelId, code: 'x' })).toMatchObject({ status: 'ok' });
        const restart = await ok('restart_kernel', { kernelId });
        expect(restart.pending ? await ok('wait_for_result', { pendingId: restart.pendingId, seconds: 120 }) : restart).toMatchObject({
          success: true
        });
        const cellAfter = await call('run_cell', { notebookPath: nb, cellId: readCell });
        expect(cellAfter).toMatchObject({ ...forgotten, kernelId });
        const codeAfter = await call('execute_code', { kernelId, code: 'x' });
        expect(codeAfter).toMatchObject(forgotten);
        expect([cellAfter, codeAfter].map((result) => result.warning)).toEqual([undefined, undefined]);
      }
      expect(await page().locator('.jp-Dialog').count()).toBe(0);
    },
    ROUNDS_TIMEOUT_MS
  );

  if (hasDisk(kind)) {
    it('read_file attaches a picture as an image block', async () => {
      writeFileSync(path.join(setup.site.rootDir!, 'dot.png'), Buffer.from(ONE_PIXEL_PNG, 'base64'));
      const { raw, result } = await setup.mcp.call('read_file', { filePath: 'dot.png' });
      expect(result).toMatchObject({
        success: true,
        format: 'base64',
        mimetype: 'image/png',
        data: { 'image/png': '[image 1: image/png 1x1, attached]' }
      });
      expect((raw.content as CallToolResult['content']).filter((block) => block.type === 'image')).toHaveLength(1);
    });
  }

  if (kind.oneDocument) {
    it('a notebook held in memory is not saved over a file changed on disk meanwhile: save_conflict, and the copy is dropped', async () => {
      const nb = 'conflict.ipynb';
      await ok('create_notebook', { name: nb });
      await ok('add_cell', { notebookPath: nb, content: 'agent = 1' });
      // Someone else saves the file, e.g. in another browser tab.
      const file = path.join(setup.site.rootDir!, nb);
      writeFileSync(file, notebookFile(kernelspec, [codeCell('person = 1', 'theirs')]));
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      expect(await failure('save_notebook', { notebookPath: nb }, 'save_conflict')).toMatch(/was saved elsewhere .* make your edits again/);
      expect(JSON.parse(diskFile(nb)!).cells[0].source).toBe('person = 1');
      expect(await ok('read_notebook', { notebookPath: nb })).toMatchObject({
        readFrom: 'disk',
        cells: [{ id: 'theirs', source: 'person = 1' }]
      });
    });

    it('the notebook the page shows is edited and run live, in front of the person', async () => {
      const added = await ok('add_cell', { notebookPath: SHOWN, content: 'print(6*7)' });
      expect(added).toMatchObject({ index: 0, replacedCellId: shownIds(['shown-first'])['shown-first'] });
      expect(added).not.toHaveProperty('note');
      await expect.poll(() => page().locator('.jp-Cell .jp-InputArea-editor').allInnerTexts()).toEqual(['print(6*7)']);
      await ok('run_cell', { notebookPath: SHOWN, cellId: added.cellId });
      await expect.poll(() => page().locator('.jp-OutputArea-output').allInnerTexts()).toEqual(['42\n']);
      expect((await ok('read_notebook', { notebookPath: SHOWN })).readFrom).toBe('tab');
    });
  } else {
    it("a notebook the agent opened is a background tab; brought to the front, it shows the agent's cells and outputs", async () => {
      const nb = 'background.ipynb';
      const [cellId] = await notebookWith(nb, [SIX_TIMES_SEVEN]);
      await ok('run_cell', { notebookPath: nb, cellId });
      expect((await context()).widgets).toContainEqual(expect.objectContaining({ path: nb }));
      await ok('open_document', { path: nb });
      await expect
        .poll(() => page().locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputArea-editor').allInnerTexts())
        .toEqual([SIX_TIMES_SEVEN]);
      await expect
        .poll(() => page().locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output').allInnerTexts())
        .toEqual(['42']);
    });
  }

  if (kind.picture) {
    it('a matplotlib picture arrives as an MCP image block, from run_cell and from read_notebook', async () => {
      const nb = 'picture.ipynb';
      const [cell] = await notebookWith(nb, [kind.picture!]);
      const { raw, result } = await setup.mcp.call('run_cell', { notebookPath: nb, cellId: cell });
      expect(result).toMatchObject({ success: true, status: 'ok' });
      const blocks = raw.content as CallToolResult['content'];
      expect(blocks.filter((block) => block.type === 'image')).toEqual([expect.objectContaining({ type: 'image', mimeType: 'image/png' })]);
      expect((blocks[0] as { text: string }).text).toMatch(/"image\/png":"\[image 1: image\/png \d+x\d+, attached\]"/);
      const read = await setup.mcp.call('read_notebook', { notebookPath: nb });
      expect((read.raw.content as CallToolResult['content']).filter((block) => block.type === 'image')).toHaveLength(1);
    });
  }

  it('left no dialog open in the page, and the bridge logged no errors', async () => {
    expect((await context()).dialogs).toEqual([]);
    expect(await page().locator('.jp-Dialog').count()).toBe(0);
    expect(setup.consoleErrors.filter((text) => text.includes('jupyter-live-mcp'))).toEqual([]);
  });
});
