/** A dialog as a call's result lists it, and the watch a call keeps on the dialogs it opens (jupyterlab/dialog-watcher.ts). */
export interface DialogInfo {
  dialogId: string;
  title: string;
  body: string;
  buttons: { index: number; label: string; accept: boolean }[];
  input?: { value: string; placeholder: string };
}

/** Dialogs that opened while one call ran. */
export interface DialogWatch {
  /** Resolves when a dialog opens. */
  opened: Promise<void>;
  /** The dialogs opened since the watch began that are still open. */
  stillOpen(): Promise<DialogInfo[]>;
  dispose(): void;
}
