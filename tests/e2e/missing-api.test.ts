/**
 * A page that lacks an API the bridge uses: JupyterLab 4.6 with its notebook
 * tracker plugin disabled (`jupyter labextension disable
 * @jupyterlab/notebook-extension:tracker`), so nothing provides INotebookTracker.
 * The bridge's notebook tools are off, with the reason in get_context's
 * catalogueErrors, in each of those tools' answer and in one notification; the
 * page and the bridge's other tools go on.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';
import { waitFor } from './support/wait-for.js';

const TRACKER_PLUGIN = '@jupyterlab/notebook-extension:tracker';
const NOTIFICATION = 'Agent bridge: the notebook tools are off on this page; the browser console says why.';

describe('the bridge on a page without a notebook tracker', () => {
  let setup: LabWithAgent;

  beforeAll(async () => {
    setup = await startLabWithAgent({ disabledExtensions: [TRACKER_PLUGIN] });
    await setup.open();
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it('connects, and get_context names the part that is off, the API the page lacks and what to do', async () => {
    const context = await setup.mcp.ok('get_context');
    expect(context.app).toMatchObject({ name: 'JupyterLab' });
    expect(context.catalogueErrors).toEqual([
      {
        source: 'the notebook tools',
        error: expect.stringMatching(
          /^off: this page provides no @jupyterlab\/notebook:INotebookTracker \(the plugin that provides it is disabled or not installed\); enable it/
        )
      }
    ]);
  });

  it('answers a notebook tool with why it is off, not as an unknown tool; open_document and list_all_commands work', async () => {
    const { result } = await setup.mcp.call('list_directory', { path: '' });
    expect(result).toMatchObject({
      success: false,
      code: 'unknown_tool',
      error: expect.stringMatching(
        /^The connected page does not offer "list_directory": the notebook tools are off: this page provides no @jupyterlab\/notebook:INotebookTracker/
      )
    });
    const listed = await setup.mcp.ok('list_all_commands', { query: 'docmanager', limit: 50 });
    expect(listed.commandCount).toBeGreaterThan(0);
    await writeFile(path.join(setup.site.rootDir, 'notes.txt'), 'kept\n');
    await setup.mcp.ok('open_document', { path: 'notes.txt' });
    await waitFor('the text file to open', async () => (await setup.page.locator('.jp-FileEditor').count()) > 0, 15_000);
  });

  it('tells the person once, in a notification, and the bridge logs no error', async () => {
    const toasts = () => setup.page.locator('.jp-toast-message').allInnerTexts();
    await waitFor('the notification', async () => (await toasts()).includes(NOTIFICATION), 15_000);
    expect((await toasts()).filter((text) => text === NOTIFICATION)).toHaveLength(1);
    // JupyterLab's own plugins that require the tracker log their failure; the bridge logs none.
    expect(setup.consoleErrors.filter((text) => /jupyter-live-mcp|agent bridge/i.test(text))).toEqual([]);
  });
});
