/**
 * Pictures, progress and cancellation through a real MCP client and a real
 * JupyterLab page with a python3 kernel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AI_COMMANDS_FIXTURE_DIR, setBridgeSetting, startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';
import { startMcpSession } from './support/mcp-session.js';

let setup: LabWithAgent;
const NOTEBOOK = 'pictures.ipynb';

beforeAll(async () => {
  // Long enough that the slow calls here stay one MCP request.
  setup = await startLabWithAgent({ extensions: [AI_COMMANDS_FIXTURE_DIR], bridgeSettings: { pendingAfterSeconds: 60 } });
  await setup.open();
  await setup.openNewNotebook(NOTEBOOK);
});

afterAll(async () => {
  await setup?.stop();
});

const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
/**
 * The execution prompt of the cell that holds `text` (on one line): "[*]:" while it runs, "[n]:"
 * once it ran. Its text content: the notebook does not render cells out of view.
 */
const promptOf = (text: string) =>
  setup.page.locator('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell', { hasText: text }).locator('.jp-InputArea-prompt').textContent();

/** Width and height from a PNG's IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A cell that shows a matplotlib plot of width × height inches at 100 dpi, as a PNG display (not the inline backend's). */
const plotCell = (width: number, height: number) =>
  [
    'import io',
    'import matplotlib',
    "matplotlib.use('agg')",
    'import matplotlib.pyplot as plt',
    'from IPython.display import Image, display',
    `fig = plt.figure(figsize=(${width}, ${height}), dpi=100)`,
    'plt.plot([0, 1, 2], [2, 0, 1])',
    'buffer = io.BytesIO()',
    "fig.savefig(buffer, format='png', dpi=100)",
    'display(Image(buffer.getvalue()))'
  ].join('\n');

describe('pictures', () => {
  it('a 1600×1200 matplotlib PNG comes back as an MCP image of at most 1024 px, and the JSON has no base64', async () => {
    const cell = await ok('add_cell', {
      notebookPath: NOTEBOOK,
      content: plotCell(16, 12)
    });
    const { raw, result } = await setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId });
    expect(result).toMatchObject({ success: true, status: 'ok' });

    const [text, ...images] = raw.content as CallToolResult['content'];
    expect(images).toHaveLength(1);
    const image = images[0] as { type: string; mimeType: string; data: string };
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(pngSize(image.data)).toEqual({ width: 1024, height: 768 });

    const json = (text as { text: string }).text;
    expect(json).toContain('"image/png":"[image 1: image/png 1024x768, attached]"');
    expect(json).not.toMatch(/iVBORw0KGgo/);
    expect(json.length).toBeLessThan(3000);
    // The page itself still shows the full picture.
    const shown = await setup.page
      .locator('.jp-OutputArea-output img')
      .last()
      .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    expect(shown).toBe(1600);
  });

  it('Claude Code, which reads structuredContent alone, gets it and the picture without the same JSON again as a text block; other clients get both', async () => {
    const cell = await ok('add_cell', {
      notebookPath: NOTEBOOK,
      content: plotCell(2, 2)
    });
    const claude = await startMcpSession({
      port: setup.mcp.port,
      configDir: setup.mcp.configDir,
      token: setup.mcp.token,
      clientName: 'claude-code'
    });
    try {
      const { raw, result } = await claude.call('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId });
      expect(result).toMatchObject({ success: true, status: 'ok' });
      expect(JSON.stringify(result)).toContain('attached]');
      expect(raw.content.map((block) => block.type)).toEqual(['image']);
      expect(raw.isError).toBe(false);
      // A failure keeps its code and why in structuredContent, and isError.
      const failed = await claude.call('read_cell', { notebookPath: NOTEBOOK, cellId: 'no-such-cell' });
      expect(failed.raw.content).toEqual([]);
      expect(failed.raw.isError).toBe(true);
      expect(failed.result).toMatchObject({ success: false, code: 'not_found' });

      // The same call from a client of another name: the text block first, then the picture.
      const both = await setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId });
      expect(both.raw.content.map((block) => block.type)).toEqual(['text', 'image']);
      expect(JSON.parse((both.raw.content[0] as { text: string }).text)).toEqual(both.result);
    } finally {
      await claude.close();
    }
  });

  it('a result with a dozen big pictures and 1.9 MB of text still arrives whole, within one MCP message, and says which pictures stayed behind', async () => {
    // The largest result the page lets through, so the server's own budget has to act too.
    await setBridgeSetting(setup.page, 'maxResultChars', 2_000_000);
    const cell = await ok('add_cell', {
      notebookPath: NOTEBOOK,
      content: [
        'import io',
        'import numpy as np',
        'import matplotlib',
        "matplotlib.use('agg')",
        'import matplotlib.pyplot as plt',
        'from IPython.display import Image, display',
        "print('x' * 1_900_000)",
        'for i in range(12):',
        '    buffer = io.BytesIO()',
        "    plt.imsave(buffer, np.random.default_rng(i).random((1024, 1024, 3)), format='png')",
        '    display(Image(buffer.getvalue()))'
      ].join('\n')
    });
    try {
      expect((await setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId })).result).toMatchObject({
        success: true,
        status: 'ok'
      });
      // run_cell condenses the text; the notebook's nbformat JSON carries all of it, and every picture.
      const { raw, result } = await setup.mcp.call('read_notebook', { notebookPath: NOTEBOOK, format: 'nbformat', cellIds: [cell.cellId] });
      expect(result).toMatchObject({ success: true });
      // The SDK client gives up on messages over 10 MiB; the server keeps 8 MiB.
      expect(Buffer.byteLength(JSON.stringify(raw))).toBeLessThanOrEqual(8 * 1024 * 1024);

      const labels = JSON.stringify(result).match(/\[image[^\]]*\]/g) ?? [];
      expect(labels).toHaveLength(12);
      const attached = labels.filter((label) => label.endsWith(', attached]'));
      const images = raw.content.filter((block) => block.type === 'image');
      expect(attached.length).toBeGreaterThanOrEqual(1);
      expect(images).toHaveLength(attached.length);
      expect(attached).toEqual(
        attached.map((_, i) => expect.stringMatching(new RegExp(`^\\[image ${i + 1}: image/(png|jpeg) 1024x1024, attached\\]$`)))
      );
      const behind = labels.slice(attached.length);
      for (const label of behind) {
        expect(label).toMatch(/^\[image: image\/(png|jpeg) 1024x1024, not attached: .*ask for this (one|output) alone/);
      }
      // Both limits acted: the page's picture budget, and the server's message budget for the text's sake.
      expect(behind.some((label) => label.includes('reached 5 MiB'))).toBe(true);
      expect(behind.some((label) => label.includes('do not fit in one MCP message (8 MiB)'))).toBe(true);
      // Noise is a photo, not a chart: it travels as JPEG, far smaller than its PNG.
      expect(images.every((image) => image.mimeType === 'image/jpeg')).toBe(true);
    } finally {
      await setBridgeSetting(setup.page, 'maxResultChars', 60_000);
    }
    // The session lives on.
    expect(await ok('get_context')).toMatchObject({ app: { name: 'JupyterLab' } });
  });
});

describe('progress and cancellation', () => {
  it('a long call with a progressToken gets progress notifications every few seconds', async () => {
    const cell = await ok('add_cell', { notebookPath: NOTEBOOK, content: "import time\ntime.sleep(7)\nprint('done')" });
    const progress: { progress: number; message?: string }[] = [];
    const result = await setup.mcp.client.callTool(
      { name: 'run_cell', arguments: { notebookPath: NOTEBOOK, cellId: cell.cellId } },
      CallToolResultSchema,
      { onprogress: (notification) => progress.push(notification), timeout: 60_000 }
    );
    expect(result.structuredContent).toMatchObject({ success: true, status: 'ok' });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toMatchObject({ progress: 1, message: expect.stringMatching(/^run_cell is still running in the page \(\d+ s\)$/) });
  });

  it("a cancelled call's late result never reaches the client, and the server stays healthy", async () => {
    const cell = await ok('add_cell', { notebookPath: NOTEBOOK, content: "import time\ntime.sleep(3)\nprint('late')" });
    const controller = new AbortController();
    const call = setup.mcp.client.callTool(
      { name: 'run_cell', arguments: { notebookPath: NOTEBOOK, cellId: cell.cellId } },
      CallToolResultSchema,
      { signal: controller.signal }
    );
    await expect.poll(() => promptOf("print('late')"), { timeout: 30_000 }).toBe('[*]:');
    controller.abort(new Error('the agent gave up'));
    await expect(call).rejects.toThrow(/the agent gave up/);

    // The command cannot be un-run: the cell finishes in the page...
    await expect.poll(() => promptOf("print('late')"), { timeout: 30_000 }).toMatch(/^\[\d+\]:$/);
    expect(await setup.page.locator('.jp-OutputArea-output', { hasText: 'late' }).count()).toBe(1);
    // ...but the page dropped the result: the server never received one to drop (a
    // result sent would have come before the answer to this call, on the same socket).
    expect(await ok('get_context')).toMatchObject({ app: { name: 'JupyterLab' } });
    expect(setup.mcp.stderr()).toMatch(/page-[0-9a-f]+/);
    expect(setup.mcp.stderr()).not.toMatch(/dropped result/);
  });

  it('a page reload in the middle of a call answers page_disconnected, and the page comes back', async () => {
    const cell = await ok('add_cell', { notebookPath: NOTEBOOK, content: "import time\ntime.sleep(5)\nprint('cut off')" });
    const call = setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: cell.cellId });
    await expect.poll(() => promptOf("print('cut off')"), { timeout: 30_000 }).toBe('[*]:');
    await setup.page.reload();
    const { raw, result } = await call;
    expect(raw.isError).toBe(true);
    expect(result).toMatchObject({ success: false, code: 'page_disconnected', error: expect.stringContaining('call get_context') });
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.success, { timeout: 30_000 }).toBe(true);
    // The reloaded page shows the notebook again, in front, for the tests that read it.
    await ok('open_document', { path: NOTEBOOK });
  });
});

describe('a reload while a call waits on the Jupyter server', () => {
  it('answers page_disconnected, not the error of the request the reload cut off', async () => {
    // The save's request is held until the reload has begun, as a slow server would hold it.
    let held: () => void = () => {};
    const saving = new Promise<void>((resolve) => (held = resolve));
    await setup.page.route('**/api/contents/held-by-reload.txt**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      held();
      // Never answered: the reload aborts it, and the page sees "Failed to fetch".
    });
    try {
      const call = setup.mcp.call('write_file', { filePath: 'held-by-reload.txt', content: 'x' });
      await saving;
      await setup.page.reload();
      const { result } = await call;
      expect(result).toMatchObject({ success: false, code: 'page_disconnected' });
    } finally {
      await setup.page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.success, { timeout: 30_000 }).toBe(true);
    await ok('open_document', { path: NOTEBOOK });
  });
});
