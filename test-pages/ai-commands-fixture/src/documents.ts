import type { IDocumentManager } from '@jupyterlab/docmanager';
import { Context, type DocumentRegistry, type IDocumentWidget } from '@jupyterlab/docregistry';

/**
 * Finds the open widget of `path` or opens one, `background` (default true)
 * meaning it is not activated.
 */
export function openDocument(docManager: IDocumentManager, path: string, background: boolean | undefined): IDocumentWidget | undefined {
  return docManager.findWidget(path) ?? docManager.openOrReveal(path, 'default', undefined, { activate: !(background ?? true) });
}

/**
 * Waits until the widget's document is loaded. When loading fails the
 * document manager only logs and closes the widget, so `context.ready` never
 * settles: the widget's disposal is the failure signal.
 */
export function whenLoaded<W extends IDocumentWidget>(widget: W, path: string): Promise<W> {
  return new Promise((resolve, reject) => {
    const failed = () => reject(new Error(`Failed to open document at path: ${path}`));
    if (widget.isDisposed) {
      failed();
      return;
    }
    widget.disposed.connect(failed);
    widget.context.ready.then(
      () => {
        widget.disposed.disconnect(failed);
        resolve(widget);
      },
      (error: unknown) => reject(error)
    );
  });
}

/**
 * Reads a document that has no widget through a throwaway context, as the
 * real package does with `createWidget: false`: the user sees no new tab, and a
 * missing file shows JupyterLab's "File Load Error" dialog.
 */
export async function readWithoutWidget<T extends DocumentRegistry.IModel, R>(
  docManager: IDocumentManager,
  path: string,
  factory: DocumentRegistry.IModelFactory<T>,
  read: (model: T) => R
): Promise<R> {
  const context = new Context<T>({ manager: docManager.services, factory, path });
  try {
    await context.initialize(false);
    await context.ready;
    return read(context.model);
  } finally {
    context.dispose();
    factory.dispose();
  }
}
