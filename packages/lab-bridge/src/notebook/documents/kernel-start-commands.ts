/**
 * create_notebook, and the start-kernel command that no_kernel errors point
 * to. Both start the kernel they name themselves, so JupyterLab's kernel
 * picker never opens. An existing notebook name is refused before anything
 * is written.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { PathExt } from '@jupyterlab/coreutils';
import { UUID } from '@lumino/coreutils';
import { succeed } from '@jupyter-live-mcp/protocol';
import { CommandFailure, errorMessage } from '../commands/command-failure.js';
import { requireFolder, stat } from './contents-lookup.js';
import { chooseKernelspec, kernelspecForNotebook, type KernelChoice } from '../kernels/kernelspecs.js';
import { notebookFileName } from './file-paths.js';
import { newNotebookContent } from './new-notebook.js';
import { addNotebookCommand } from '../commands/notebook-command.js';
import type { HeldNotebook } from '../cells/held-notebook.js';
import { OPENED_IN, openedNote, type NotebookDocuments } from './notebook-documents.js';

export function registerKernelStartCommands(app: JupyterFrontEnd, documents: NotebookDocuments): void {
  const { contents, kernelspecs } = app.serviceManager;

  const choose = async (tool: string, asked: { kernel?: string; language?: string }) => {
    await kernelspecs.ready;
    return kernelOrFail(tool, chooseKernelspec(kernelspecs.specs, asked));
  };

  addNotebookCommand(app, 'createNotebook', 'Create Notebook', async ({ name, kernel, language }, tool) => {
    const path = documents.normalize(notebookFileName(name));
    const spec = await choose(tool, { kernel, language });
    // The folder first, as create_file does: the Jupyter server answers a path inside a file with an error, not 404.
    await requireFolder(contents, tool, PathExt.dirname(path), `to create "${path}" in`);
    if (await stat(contents, path)) {
      throw new CommandFailure(
        'already_exists',
        `${tool}: "${path}" exists already, and nothing was changed. Choose another name, or work on it with read_notebook and add_cell.`
      );
    }
    await contents.save(path, { type: 'notebook', format: 'json', content: newNotebookContent(spec, UUID.uuid4()) });
    let warning: string | undefined;
    let notebook: HeldNotebook | undefined;
    try {
      notebook = await documents.openCreated(tool, path, spec.name);
    } catch (error) {
      warning = `The notebook was created, but the page could not open it or start its ${spec.name} kernel: ${errorMessage(error)}. run_cell says what to do.`;
    }
    return succeed({
      notebookPath: path,
      kernel: spec.name,
      kernelDisplayName: spec.displayName,
      language: spec.language,
      ...kernelIdOf(notebook),
      ...(notebook ? { note: OPENED_IN[notebook.heldIn] } : {}),
      ...(warning ? { warning } : {})
    });
  });

  addNotebookCommand(app, 'startKernel', 'Start Kernel for Notebook', async ({ notebookPath, kernel }, tool) => {
    const { notebook, opened } = await documents.hold(tool, documents.normalize(notebookPath));
    await kernelspecs.ready;
    const own =
      kernel ??
      kernelspecForNotebook(kernelspecs.specs, { name: notebook.model.defaultKernelName, language: notebook.model.defaultKernelLanguage });
    const spec = await choose(tool, { kernel: own });
    await documents.startKernel(notebook, spec.name);
    return succeed({ notebookPath: notebook.path, kernel: spec.name, ...kernelIdOf(notebook), ...openedNote(notebook, opened) });
  });
}

function kernelOrFail(tool: string, choice: KernelChoice) {
  if (!choice.ok) {
    throw new CommandFailure(choice.none ? 'no_kernel' : 'bad_input', `${tool}: ${choice.error}`);
  }
  return choice.spec;
}

function kernelIdOf(notebook: HeldNotebook | undefined): { kernelId?: string } {
  const id = notebook?.sessionContext.session?.kernel?.id;
  return id ? { kernelId: id } : {};
}
