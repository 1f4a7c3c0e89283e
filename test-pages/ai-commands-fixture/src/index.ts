/**
 * TEST-ONLY stand-in for the jupyterlab-ai-commands labextension.
 *
 * The real jupyterlab-ai-commands is published on PyPI only and cannot be
 * installed on this machine. This fixture registers the same command ids
 * (`jupyterlab-ai-commands:*`) with the documented argument schemas
 * (`describedBy`) and result shapes, implemented against the real JupyterLab
 * APIs, so the bridge's default tools can be tested end to end against a live
 * page. It is never shipped: it lives in test-pages/ and is private. Its
 * `release` setting gives the commands the shape of an older release
 * (command.ts), for the bridge's handling of each.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { IEditorTracker } from '@jupyterlab/fileeditor';
import { INotebookTracker } from '@jupyterlab/notebook';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { RELEASES, type Release } from './command.js';
import { registerFileCommands } from './file-commands.js';
import { registerKernelCommands } from './kernel-commands.js';
import { registerNotebookEditCommands } from './notebook-edit-commands.js';
import { registerNotebookReadCommands } from './notebook-read-commands.js';
import { registerRunCellCommand } from './run-cell-command.js';

const PLUGIN_ID = '@jupyter-live-mcp/ai-commands-fixture:plugin';

const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description: 'Test-only stand-in for jupyterlab-ai-commands (same command ids and schemas).',
  autoStart: true,
  requires: [IDocumentManager],
  optional: [INotebookTracker, IEditorTracker, ISettingRegistry],
  activate: async (
    app: JupyterFrontEnd,
    docManager: IDocumentManager,
    notebookTracker: INotebookTracker | null,
    editorTracker: IEditorTracker | null,
    settingRegistry: ISettingRegistry | null
  ) => {
    const { commands, serviceManager } = app;
    const release = await releaseSetting(settingRegistry);
    const notebooks = { commands, release, docManager, notebookTracker, kernelspecs: serviceManager.kernelspecs };
    registerNotebookReadCommands(notebooks);
    registerNotebookEditCommands(notebooks);
    registerRunCellCommand(notebooks);
    registerFileCommands({ commands, release, docManager, editorTracker });
    registerKernelCommands({ commands, release, kernels: serviceManager.kernels });
  }
};

async function releaseSetting(registry: ISettingRegistry | null): Promise<Release> {
  const value = registry ? (await registry.load(PLUGIN_ID)).composite.release : undefined;
  return RELEASES.find((release) => release === value) ?? '0.4';
}

export default plugin;
