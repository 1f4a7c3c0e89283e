/**
 * A notebook the page holds without a tab: on a page that shows one document
 * (Notebook 7, JupyterLite's notebooks UI) opening another would open a new
 * browser tab, so the agent's edits of it live here, in a notebook model and
 * a kernel session of its own, until save_notebook writes them. Unlike a
 * JupyterLab document context it never shows a dialog: it reads and writes
 * through the contents service, starts no kernel by itself, and refuses to
 * save over a file that changed on disk since it was read.
 */
import { SessionContext, type ISessionContext } from '@jupyterlab/apputils';
import { PathExt } from '@jupyterlab/coreutils';
import type * as nbformat from '@jupyterlab/nbformat';
import { NotebookModel, type INotebookModel } from '@jupyterlab/notebook';
import type { ServiceManager } from '@jupyterlab/services';
import { CommandFailure } from '../commands/command-failure.js';
import { notebookContentOf } from './new-notebook.js';

/** File systems report times loosely; JupyterLab allows the same margin before it calls a save a conflict. */
const MODIFIED_MARGIN_MS = 500;

export class MemoryNotebook {
  readonly model: INotebookModel;
  readonly sessionContext: ISessionContext;
  private lastModified: string;

  private constructor(
    private readonly services: ServiceManager.IManager,
    public path: string,
    content: nbformat.INotebookContent,
    lastModified: string
  ) {
    const model = new NotebookModel();
    // The "Notebook converted" notice (an old nbformat) would be a dialog in the person's page.
    const { orig_nbformat: _converted, ...metadata } = content.metadata ?? {};
    model.fromJSON({ ...content, metadata });
    model.dirty = false;
    this.model = model;
    this.lastModified = lastModified;
    this.sessionContext = new SessionContext({
      sessionManager: services.sessions,
      specsManager: services.kernelspecs,
      kernelManager: services.kernels,
      path,
      name: PathExt.basename(path),
      type: 'notebook',
      // Started on purpose only, never by asking the person.
      kernelPreference: { shouldStart: false }
    });
  }

  /** Reads the notebook and joins the kernel session its path already has, if any. */
  static async load(services: ServiceManager.IManager, path: string): Promise<MemoryNotebook> {
    const file = await services.contents.get(path, { type: 'notebook', content: true });
    const content = notebookContentOf(file.content);
    if (!content) {
      throw new CommandFailure('bad_input', `"${path}" is not a notebook: its content is not notebook JSON.`);
    }
    const notebook = new MemoryNotebook(services, path, content, file.last_modified);
    await notebook.sessionContext.initialize();
    return notebook;
  }

  async save(): Promise<void> {
    const contents = this.services.contents;
    const disk = await contents.get(this.path, { content: false });
    if (Date.parse(disk.last_modified) - Date.parse(this.lastModified) > MODIFIED_MARGIN_MS) {
      throw new CommandFailure(
        'save_conflict',
        `"${this.path}" was saved elsewhere (${disk.last_modified}, e.g. in another browser tab) after this page read it, ` +
          'so saving here would overwrite that. The page dropped its unsaved copy: read_notebook now shows the file as ' +
          'saved; make your edits again, then save_notebook.'
      );
    }
    const saved = await contents.save(this.path, { type: 'notebook', format: 'json', content: this.model.toJSON() });
    this.lastModified = saved.last_modified;
    this.model.dirty = false;
  }

  /** The file moved: so does the kernel session, as JupyterLab moves a document's. */
  async moved(path: string): Promise<void> {
    this.path = path;
    await this.sessionContext.session?.setPath(path);
  }

  /** Lets go of the model and the session connection; the kernel keeps running, as when a tab closes. */
  dispose(): void {
    this.sessionContext.dispose();
    this.model.dispose();
  }
}
