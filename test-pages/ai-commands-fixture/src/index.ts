/**
 * TEST-ONLY stand-in for the jupyterlab-ai-commands labextension.
 *
 * The real jupyterlab-ai-commands is published on PyPI only and cannot be
 * installed on this machine. This fixture registers the same command ids
 * (`jupyterlab-ai-commands:*`) with the documented argument schemas
 * (`describedBy`) and result shapes, implemented against the real JupyterLab
 * APIs, so the bridge's default tools can be tested end to end against a live
 * page. It is never shipped: it lives in test-pages/ and is private.
 */
import type { JupyterFrontEnd, JupyterFrontEndPlugin } from '@jupyterlab/application';
import { IDocumentManager } from '@jupyterlab/docmanager';
import { IEditorTracker } from '@jupyterlab/fileeditor';
import { INotebookTracker } from '@jupyterlab/notebook';
import { registerFileCommands } from './file-commands.js';
import { registerKernelCommands } from './kernel-commands.js';
import { registerNotebookEditCommands } from './notebook-edit-commands.js';
import { registerNotebookReadCommands } from './notebook-read-commands.js';
import { registerRunCellCommand } from './run-cell-command.js';

const plugin: JupyterFrontEndPlugin<void> = {
  id: '@jupyter-live-mcp/ai-commands-fixture:plugin',
  description: 'Test-only stand-in for jupyterlab-ai-commands (same command ids and schemas).',
  autoStart: true,
  requires: [IDocumentManager],
  optional: [INotebookTracker, IEditorTracker],
  activate: (
    app: JupyterFrontEnd,
    docManager: IDocumentManager,
    notebookTracker: INotebookTracker | null,
    editorTracker: IEditorTracker | null
  ) => {
    const { commands, serviceManager } = app;
    const notebooks = { commands, docManager, notebookTracker, kernelspecs: serviceManager.kernelspecs };
    registerNotebookReadCommands(notebooks);
    registerNotebookEditCommands(notebooks);
    registerRunCellCommand(notebooks);
    registerFileCommands({ commands, docManager, editorTracker });
    registerKernelCommands({ commands, kernels: serviceManager.kernels });
  }
};

export default plugin;
