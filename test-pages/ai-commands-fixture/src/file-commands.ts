import { PathExt } from '@jupyterlab/coreutils';
import type { IDocumentManager } from '@jupyterlab/docmanager';
import { TextModelFactory, type DocumentRegistry, type IDocumentWidget } from '@jupyterlab/docregistry';
import type { IEditorTracker } from '@jupyterlab/fileeditor';
import type { Contents } from '@jupyterlab/services';
import { addAiCommand, type AiCommands, BACKGROUND, CREATE_WIDGET } from './command.js';
import { openDocument, readWithoutWidget, whenLoaded } from './documents.js';

interface Services extends AiCommands {
  docManager: IDocumentManager;
  editorTracker: IEditorTracker | null;
}

async function loadedWidget(docManager: IDocumentManager, path: string, background: boolean | undefined): Promise<IDocumentWidget> {
  const widget = openDocument(docManager, path, background);
  if (!widget) {
    throw new Error(`Failed to open file at path: ${path}`);
  }
  return whenLoaded(widget, path);
}

function registerCreateFile({ commands, release, docManager }: Services): void {
  addAiCommand<{
    fileName: string;
    fileType?: string;
    content?: string;
    cwd?: string;
    background?: boolean;
  }>(
    { commands, release },
    {
      name: 'create-file',
      label: 'Create File',
      caption: 'Create a new file of specified type',
      properties: {
        fileName: { type: 'string', description: 'Name of the file to create' },
        fileType: {
          type: 'string',
          description:
            'Registered JupyterLab file type to create (default: text). Common examples: text, python, markdown, json, javascript, yaml'
        },
        content: { type: 'string', description: 'Initial content for the file (optional)' },
        cwd: { type: 'string', description: 'Directory where to create the file (optional)' },
        background: BACKGROUND
      },
      required: ['fileName'],
      execute: async ({ fileName, cwd, background, content = '', fileType = 'text' }) => {
        const type = docManager.registry.getFileType(fileType);
        if (!type) {
          throw new Error(`Unknown file type: '${fileType}'`);
        }
        const ext = type.extensions[0];
        if (!ext) {
          throw new Error(`File type '${type.name}' does not define a default extension`);
        }
        const fullName = PathExt.extname(fileName) ? fileName : `${fileName}${ext}`;
        const contents = docManager.services.contents;
        // Create-then-rename like the real package, so an existing name fails
        // the same way ("File already exists") and leaves the untitled file.
        const untitled = await contents.newUntitled({ path: cwd ?? '', type: 'file', ext });
        const path =
          untitled.name === fullName
            ? untitled.path
            : (await contents.rename(untitled.path, cwd ? PathExt.join(cwd, fullName) : fullName)).path;
        if (content) {
          await contents.save(path, { type: 'file', format: 'text', content });
        }
        openDocument(docManager, path, background);
        return {
          success: true,
          message: `${type.name} file '${fullName}' created and opened successfully`,
          fileName: fullName,
          filePath: path,
          fileType: type.name,
          hasContent: !!content,
          opened: true
        };
      }
    }
  );
}

function registerListDirectory({ commands, release, docManager }: Services): void {
  addAiCommand<{ path?: string; includeHidden?: boolean }>(
    { commands, release },
    {
      name: 'list-directory',
      label: 'List Directory',
      caption: 'List files and directories in a specific directory',
      properties: {
        path: {
          type: 'string',
          description: 'Path to the directory to list. If not provided, lists the root directory'
        },
        includeHidden: {
          type: 'boolean',
          description: 'Whether to include hidden files (default: false)'
        }
      },
      execute: async ({ path = '', includeHidden = false }) => {
        const listing = await docManager.services.contents.get(path, { content: true });
        if (listing.type !== 'directory') {
          throw new Error(`Path '${path}' is not a directory`);
        }
        const items = (listing.content as Contents.IModel[])
          .filter((item) => includeHidden || !item.name.startsWith('.'))
          .map((item) => ({
            name: item.name,
            path: item.path,
            type: item.type,
            size: item.size ?? 0,
            created: item.created,
            lastModified: item.last_modified,
            mimetype: item.mimetype || null,
            format: item.format || null
          }));
        const directories = items.filter((item) => item.type === 'directory').length;
        return {
          success: true,
          message: `Listed ${items.length} items in directory '${path || '/'}'`,
          path: path || '/',
          totalItems: items.length,
          directories,
          files: items.length - directories,
          items,
          includeHidden
        };
      }
    }
  );
}

type FileModel = Pick<DocumentRegistry.IModel, 'dirty' | 'readOnly' | 'toString'>;

/** The get-file-info result; `widget` is absent when the file was read without one. */
function describeFile(path: string, model: FileModel, widget?: IDocumentWidget) {
  return {
    success: true,
    filePath: path,
    fileName: widget?.title.label ?? PathExt.basename(path),
    fileExtension: PathExt.extname(path) || 'unknown',
    content: model.toString(),
    isDirty: model.dirty,
    readOnly: model.readOnly,
    widgetType: widget ? widget.constructor.name : null
  };
}

function registerGetFileInfo({ commands, release, docManager, editorTracker }: Services): void {
  addAiCommand<{ filePath?: string; background?: boolean; createWidget?: boolean }>(
    { commands, release },
    {
      name: 'get-file-info',
      label: 'Get File Info',
      caption: 'Get information about a file including its content',
      properties: {
        filePath: {
          type: 'string',
          description: 'Path to the file to read. If not provided, uses the current file editor (which may be in the background).'
        },
        background: BACKGROUND,
        createWidget: CREATE_WIDGET
      },
      execute: async ({ filePath, background, createWidget }) => {
        if (!filePath) {
          const current = editorTracker?.currentWidget;
          if (!current) {
            throw new Error('No active file in the editor and no file path provided');
          }
          await whenLoaded(current, current.context.path);
          return describeFile(current.context.path, current.context.model, current);
        }
        if (docManager.findWidget(filePath) || createWidget) {
          const widget = await loadedWidget(docManager, filePath, background);
          return describeFile(widget.context.path, widget.context.model, widget);
        }
        return readWithoutWidget(docManager, filePath, new TextModelFactory(), (model) => describeFile(filePath, model));
      }
    }
  );
}

function registerSetFileContent({ commands, release, docManager }: Services): void {
  addAiCommand<{
    filePath: string;
    content: string;
    save?: boolean;
    showDiff?: boolean;
    background?: boolean;
  }>(
    { commands, release },
    {
      name: 'set-file-content',
      label: 'Set File Content',
      caption: 'Set or update the content of an existing file',
      properties: {
        filePath: { type: 'string', description: 'Path to the file to update' },
        content: { type: 'string', description: 'The new content to set for the file' },
        save: { type: 'boolean', description: 'Whether to save the file after updating (default: true)' },
        showDiff: {
          type: 'boolean',
          description: 'Whether to show a diff view of the changes (default: true)'
        },
        background: BACKGROUND
      },
      required: ['filePath', 'content'],
      execute: async ({ filePath, content, background, save = true }) => {
        const result = (fileName: string, isDirty: boolean) => ({
          success: true,
          filePath,
          fileName,
          contentLength: content.length,
          saved: save,
          isDirty,
          // There is no jupyterlab-diff here to show one.
          diffShown: false
        });
        // A closed file written and saved needs no editor; an unsaved edit has to live in one.
        if (!docManager.findWidget(filePath) && save) {
          const contents = docManager.services.contents;
          const existing = await contents.get(filePath, { content: false });
          if (existing.writable === false) {
            throw new Error('File is read-only and cannot be modified');
          }
          await contents.save(filePath, { type: 'file', format: 'text', content });
          return result(existing.name, false);
        }
        const widget = await loadedWidget(docManager, filePath, background);
        const model = widget.context.model;
        if (model.readOnly) {
          throw new Error('File is read-only and cannot be modified');
        }
        model.fromString(content);
        if (save) {
          await widget.context.save();
        }
        return result(widget.title.label, model.dirty);
      }
    }
  );
}

export function registerFileCommands(services: Services): void {
  registerCreateFile(services);
  registerListDirectory(services);
  registerGetFileInfo(services);
  registerSetFileContent(services);
}
