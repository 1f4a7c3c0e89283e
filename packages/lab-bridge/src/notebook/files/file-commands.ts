/**
 * list_directory, read_file, write_file and create_file, through the page's
 * contents service (the Jupyter server's files, or JupyterLite's in the
 * browser). A file open in an editor in the page is read and written there,
 * so the person sees the change and unsaved edits count.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { PathExt } from '@jupyterlab/coreutils';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import type { Contents } from '@jupyterlab/services';
import { succeed } from '@jupyter-live-mcp/protocol';
import { documentWidgetAt, documentsOpenInNewTabs } from '../../jupyterlab/main-area.js';
import { widgetType } from '../../calls/widget-type.js';
import { IMAGE_MIME_TYPES } from '../../calls/images/image-outputs.js';
import { CommandFailure, isBadRequest, isNotFound, noFile } from '../commands/command-failure.js';
import { requireFolder, stat } from '../documents/contents-lookup.js';
import { listingItems, withExtension } from '../documents/file-paths.js';
import { addNotebookCommand } from '../commands/notebook-command.js';
import type { NotebookDocuments } from '../documents/notebook-documents.js';

/** What the file tools use of a document open in the page. */
interface OpenDocument {
  context: {
    path: string;
    model: { toString(): string; fromString(value: string): void; dirty: boolean; readOnly: boolean };
    save(): Promise<void>;
  };
}

export function registerFileCommands(app: JupyterFrontEnd, docManager: IDocumentManager, documents: NotebookDocuments): void {
  const contents = app.serviceManager.contents;

  /** A document open in the page as text (an editor) or as a notebook. */
  const openDocument = (path: string): { document: OpenDocument; isNotebook: boolean } | undefined => {
    const widget = documentWidgetAt(app, path);
    const type = widget ? widgetType(widget) : undefined;
    return widget && (type === 'editor' || type === 'notebook')
      ? { document: widget as unknown as OpenDocument, isNotebook: type === 'notebook' }
      : undefined;
  };

  addNotebookCommand(app, 'listDirectory', 'List Directory', async ({ path = '', includeHidden = false }, tool) => {
    const folder = documents.normalize(path);
    let model: Contents.IModel;
    try {
      model = await contents.get(folder, { content: true });
    } catch (error) {
      if (isNotFound(error)) {
        const parent = PathExt.dirname(folder);
        throw new CommandFailure(
          'not_found',
          `${tool}: there is no folder "${folder}". list_directory of "${parent}" shows what is there.`
        );
      }
      throw error;
    }
    if (model.type !== 'directory') {
      throw new CommandFailure(
        'bad_input',
        `${tool}: "${folder}" is a ${model.type}, not a folder: ${model.type === 'notebook' ? 'read_notebook' : 'read_file'} reads it.`
      );
    }
    const items = listingItems(model.content as Contents.IModel[], includeHidden);
    return succeed({ path: folder, totalItems: items.length, items });
  });

  addNotebookCommand(app, 'readFile', 'Read File', async ({ filePath }, tool) => {
    const path = documents.normalize(filePath);
    const open = openDocument(path);
    if (open) {
      return succeed({
        filePath: path,
        readFrom: 'tab',
        dirty: open.document.context.model.dirty,
        content: open.document.context.model.toString()
      });
    }
    let model: Contents.IModel;
    try {
      model = await contents.get(path, { type: 'file', content: true });
    } catch (error) {
      if (isNotFound(error)) {
        throw noFile(tool, path);
      }
      if (isBadRequest(error) && (await stat(contents, path))?.type === 'directory') {
        throw new CommandFailure('bad_input', `${tool}: "${path}" is a folder: list_directory lists it.`);
      }
      throw error;
    }
    const base = { filePath: path, readFrom: 'disk', ...(typeof model.size === 'number' ? { size: model.size } : {}) };
    if (model.format === 'base64') {
      const mimetype = model.mimetype || 'application/octet-stream';
      // A picture goes the way of every picture in a result: attached as an image.
      return (IMAGE_MIME_TYPES as readonly string[]).includes(mimetype)
        ? succeed({ ...base, format: 'base64', mimetype, data: { [mimetype]: model.content as string } })
        : succeed({ ...base, format: 'base64', mimetype, content: null, message: 'A binary file: its content is not shown.' });
    }
    // JupyterLite may answer a notebook as its JSON rather than as text.
    const content = typeof model.content === 'string' ? model.content : JSON.stringify(model.content, null, 1);
    return succeed({ ...base, content });
  });

  addNotebookCommand(app, 'writeFile', 'Write File', async ({ filePath, content, save = true }, tool) => {
    const path = documents.normalize(filePath);
    const open = openDocument(path);
    if (open?.isNotebook) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: "${path}" is open as a notebook in the page; change it with add_cell, edit_cell and delete_cell (writing the file would replace it under the person's eyes).`
      );
    }
    if (open) {
      const { context } = open.document;
      if (context.model.readOnly) {
        throw new CommandFailure('bad_input', `${tool}: "${path}" is read-only.`);
      }
      context.model.fromString(content);
      if (save) {
        await context.save();
      }
      return succeed({ filePath: path, created: false, saved: save, dirty: context.model.dirty });
    }
    const existing = await stat(contents, path);
    if (!save) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: save false leaves the change unsaved in an editor open in the page, and "${path}" is not open in one. ` +
          'Write it with save true, or open it first (open_document).'
      );
    }
    if (existing?.type === 'directory') {
      throw new CommandFailure('bad_input', `${tool}: "${path}" is a folder, not a file.`);
    }
    if (existing?.writable === false) {
      throw new CommandFailure('bad_input', `${tool}: "${path}" is read-only.`);
    }
    if (!existing) {
      await requireFolder(contents, tool, PathExt.dirname(path), `to write "${path}" in`);
    }
    await contents.save(path, { type: 'file', format: 'text', content });
    return succeed({ filePath: path, created: !existing, saved: true });
  });

  addNotebookCommand(app, 'createFile', 'Create File', async ({ fileName, fileType, content = '', cwd = '' }, tool) => {
    const registry = docManager.registry;
    const type = fileType === undefined ? undefined : registry.getFileType(fileType);
    if (fileType !== undefined && !type) {
      const known = [...registry.fileTypes()].filter((t) => t.fileFormat === 'text' && t.contentType !== 'notebook').map((t) => t.name);
      throw new CommandFailure(
        'bad_input',
        `${tool}: the page knows no file type "${fileType}". Text file types it knows: ${known.join(', ')}.`
      );
    }
    if (type && (type.contentType === 'notebook' || type.contentType === 'directory' || type.fileFormat === 'base64')) {
      throw new CommandFailure(
        'bad_input',
        `${tool}: "${type.name}" is not a text file type${type.contentType === 'notebook' ? ': create_notebook creates notebooks' : ''}.`
      );
    }
    const folder = documents.normalize(cwd);
    const path = documents.normalize(PathExt.join(folder, withExtension(fileName, type?.extensions[0] ?? '.txt')));
    await requireFolder(contents, tool, PathExt.dirname(path), `to create "${path}" in`);
    if (await stat(contents, path)) {
      throw new CommandFailure(
        'already_exists',
        `${tool}: "${path}" exists already, and nothing was changed. write_file replaces its content.`
      );
    }
    await contents.save(path, { type: 'file', format: 'text', content });
    // Where documents open in browser tabs of their own, a new tab would be a popup: the file just stays on disk.
    const opened = !documentsOpenInNewTabs() && !!docManager.openOrReveal(path, 'default', undefined, { activate: false });
    return succeed({ filePath: path, fileType: type?.name ?? registry.getFileTypesForPath(path)[0]?.name ?? 'text', opened });
  });
}
