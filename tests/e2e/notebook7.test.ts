/**
 * A Jupyter Notebook 7 page with only the bridge (no jupyterlab-ai-commands):
 * the agent still edits and runs the notebook through execute_command and
 * Notebook 7's own commands. catalogue.test.ts runs the whole catalogue there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageWithAgent, type PageWithAgent } from './support/lab-with-agent.js';

let setup: PageWithAgent;

const emptyNotebook = {
  cells: [{ cell_type: 'code', id: 'first-cell', metadata: {}, source: '', outputs: [], execution_count: null }],
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
  nbformat: 4,
  nbformat_minor: 5
};

beforeAll(async () => {
  setup = await startPageWithAgent('Notebook 7');
  await setup.openNotebook('seven.ipynb', JSON.stringify(emptyNotebook));
});

afterAll(async () => {
  await setup?.stop();
});

describe('Jupyter Notebook 7 without jupyterlab-ai-commands', () => {
  it('runs a cell through execute_command and the page shows 42', async () => {
    const call = async (name: string, args: Record<string, unknown> = {}) => (await setup.mcp.call(name, args)).result;
    await expect
      .poll(async () => ((await call('get_context')).kernels as { status: string }[])[0]?.status, { timeout: 60_000 })
      .toBe('idle');
    expect(await call('execute_command', { commandId: 'notebook:replace-selection', args: { text: 'print(6*7)' } })).toMatchObject({
      success: true
    });
    expect(await call('execute_command', { commandId: 'notebook:run-cell', args: { activate: false } })).toEqual({
      success: true,
      result: true
    });
    await expect.poll(() => setup.page.locator('.jp-OutputArea-output').allInnerTexts(), { timeout: 30_000 }).toEqual(['42\n']);
  });
});
