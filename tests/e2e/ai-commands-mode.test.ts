/**
 * The notebookTools setting's "jupyterlab-ai-commands" mode: the 13 notebook,
 * file and kernel tools run that extension's commands, here the test-only
 * stand-in shaped as each real release (its `release` setting). A tool the
 * installed release cannot run safely is not offered, get_context says which
 * release it needs, and the agent that calls it anyway hears the page's own
 * reason: never "pip install" for an extension that is there, or on JupyterLite.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AI_COMMANDS_EXTENSION } from '@jupyter-live-mcp/protocol';
import { AI_COMMANDS_FIXTURE_DIR, startPageWithAgent, type PageKind, type PageWithAgent } from './support/lab-with-agent.js';
import { NOTEBOOK_TOOL_NAMES } from './support/tool-names.js';

const FIXTURE_PLUGIN = '@jupyter-live-mcp/ai-commands-fixture:plugin';
const AI_MODE = { notebookTools: 'jupyterlab-ai-commands' };

let setup: PageWithAgent | undefined;

afterEach(async () => {
  await setup?.stop();
  setup = undefined;
});

async function start(kind: PageKind, release: string | undefined): Promise<PageWithAgent> {
  setup = await startPageWithAgent(kind, {
    extensions: release ? [AI_COMMANDS_FIXTURE_DIR] : [],
    bridgeSettings: AI_MODE,
    otherSettings: release ? { [FIXTURE_PLUGIN]: { release } } : {}
  });
  await setup.open();
  return setup;
}

/** The page's tools (without the server's select_page), once the catalogue has the fixture's commands in it. */
async function pageTools(page: PageWithAgent, count: number): Promise<{ name: string; command?: string }[]> {
  const tools = async () =>
    (await page.mcp.client.listTools()).tools
      .filter((tool) => tool.name !== 'select_page')
      .map((tool) => ({
        name: tool.name,
        command: (tool._meta?.['jupyter-live-mcp/hints'] as { command?: string } | undefined)?.command
      }));
  await expect.poll(async () => (await tools()).length, { timeout: 30_000 }).toBe(count);
  return tools();
}

const names = (tools: { name: string }[]) => tools.map((tool) => tool.name);

describe('notebookTools: "jupyterlab-ai-commands"', () => {
  it("with 0.4, runs all 13 tools through the extension's commands", async () => {
    const page = await start('JupyterLab', '0.4');
    const tools = await pageTools(page, 21);
    for (const name of NOTEBOOK_TOOL_NAMES) {
      expect(tools.find((tool) => tool.name === name)?.command, name).toMatch(new RegExp(`^${AI_COMMANDS_EXTENSION.commandPrefix}`));
    }
    await page.mcp.ok('create_notebook', { name: 'mode.ipynb' });
    const read = await page.mcp.ok('read_notebook', { notebookPath: 'mode.ipynb' });
    // The extension's own result shape: the nbformat content.
    expect(read).toMatchObject({ notebookPath: 'mode.ipynb', content: { nbformat: 4 } });
    expect((await page.mcp.ok('get_context')).catalogueErrors).toBeUndefined();
    // A cell id given by its start, as the bridge's own answers show ids, reaches the extension whole.
    await page.mcp.ok('add_cell', { notebookPath: 'mode.ipynb', content: 'x = 1' });
    const cellsOf = async () =>
      (
        (await page.mcp.ok('read_notebook', { notebookPath: 'mode.ipynb' })).content as {
          cells: { id: string; source: string | string[] }[];
        }
      ).cells;
    const added = (await cellsOf()).find((cell) => [cell.source].flat().join('') === 'x = 1')!;
    await page.mcp.ok('edit_cell', { notebookPath: 'mode.ipynb', cellId: added.id.slice(0, 8), content: 'x = 2' });
    expect((await cellsOf()).find((cell) => cell.id === added.id)?.source).toEqual(expect.stringMatching(/^x = 2$/));
    // The batch tools are the bridge mode's own: not offered here, and the agent hears how to get them.
    expect(names(tools)).not.toContain('edit_notebook');
    const batch = await page.mcp.call('run_cells', { notebookPath: 'mode.ipynb', all: true });
    expect(batch.result).toMatchObject({ success: false, code: 'unknown_tool' });
    expect(batch.result.error).toMatch(/notebookTools setting to "bridge" for it/);
  });

  it('with 0.3.1, leaves out read_notebook, read_cell and read_file, and says they need 0.4', async () => {
    const page = await start('JupyterLab', '0.3.1');
    const tools = names(await pageTools(page, 18));
    expect(NOTEBOOK_TOOL_NAMES.filter((name) => !tools.includes(name))).toEqual(['read_notebook', 'read_cell', 'read_file']);
    const errors = (await page.mcp.ok('get_context')).catalogueErrors as { source: string; error: string }[];
    expect(errors.map((error) => error.source)).toEqual([
      'default tool "read_notebook"',
      'default tool "read_cell"',
      'default tool "read_file"'
    ]);
    expect(errors[0]?.error).toMatch(/read_notebook needs jupyterlab-ai-commands 0\.4 or newer/);
    expect(errors[1]?.error).toMatch(/does not declare createWidget, which read_cell relies on/);
    const refused = await page.mcp.call('read_cell', { notebookPath: 'x.ipynb' });
    expect(refused.result).toMatchObject({ success: false, code: 'unknown_tool' });
    expect(refused.result.error).toMatch(/does not declare createWidget/);
    expect(refused.result.error).not.toMatch(/pip install/);
  });

  it('with 0.1 (no JSON schema, cells by index), leaves out every tool that addresses a cell by id', async () => {
    const page = await start('JupyterLab', '0.1');
    const tools = names(await pageTools(page, 13));
    expect(NOTEBOOK_TOOL_NAMES.filter((name) => tools.includes(name))).toEqual([
      'save_notebook',
      'create_notebook',
      'list_directory',
      'write_file',
      'create_file'
    ]);
    const refused = await page.mcp.call('run_cell', { notebookPath: 'x.ipynb', cellId: 'c' });
    expect(refused.result.error).toMatch(
      /does not declare cellId, which run_cell relies on: it needs jupyterlab-ai-commands 0\.3 or newer/
    );
  });

  it('without the extension, offers the 8 other tools and says how to get it, but never pip install on JupyterLite', async () => {
    const lab = await start('JupyterLab', undefined);
    expect(names(await pageTools(lab, 8))).not.toContain('run_cell');
    const onLab = await lab.mcp.call('run_cell', { notebookPath: 'x.ipynb', cellId: 'c' });
    expect(onLab.result.error).toMatch(/install it \(pip install jupyterlab-ai-commands\) and reload the page/);
    expect(onLab.result.error).toMatch(/notebookTools setting to "bridge"/);
    await lab.stop();
    setup = undefined;

    const lite = await start('JupyterLite', undefined);
    await pageTools(lite, 8);
    const onLite = await lite.mcp.call('run_cell', { notebookPath: 'x.ipynb', cellId: 'c' });
    expect(onLite.result.error).toMatch(/a JupyterLite page gets extensions only when its site is built/);
    expect(onLite.result.error).not.toMatch(/pip/);
  });
});
