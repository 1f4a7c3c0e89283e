/**
 * The page's open JupyterLab dialogs (SPEC §4.2), read from `Dialog.tracker`.
 * A dialog blocks the command that opened it (and every dialog queued after it),
 * so the agent must be able to see and answer it. The bridge's own confirmation
 * dialogs are never listed and cannot be answered through here.
 */
import { Dialog } from '@jupyterlab/apputils';
import type { DialogInfo, DialogWatch } from '../calls/dialogs.js';

export const MAX_DIALOG_BODY_CHARS = 2000;
/** How long a finished call waits for a dialog it opened to be shown. */
const SHOW_WAIT_MS = 1000;
/** A dialog without a title after this many frames is listed without one. */
const HEADER_RENDER_FRAMES = 30;

export class DialogWatcher {
  private readonly ids = new WeakMap<Dialog<unknown>, string>();
  private readonly hidden = new WeakSet<Dialog<unknown>>();
  /** Dialogs on screen and rendered: only these are listed and answered. */
  private readonly shown = new WeakSet<Dialog<unknown>>();
  /** Resolves when a dialog is shown (or gone). */
  private readonly showing = new WeakMap<Dialog<unknown>, Promise<void>>();
  private readonly watches = new Set<{ added(dialog: Dialog<unknown>): void; shown(dialog: Dialog<unknown>): void }>();
  private next = 1;

  constructor() {
    Dialog.tracker.widgetAdded.connect((_, dialog) => {
      for (const watch of this.watches) {
        watch.added(dialog);
      }
      // A dialog is added before it is attached and its React parts rendered;
      // until then it has no title and ignores clicks.
      const showing = dialog.ready
        .then(() => headerRendered(dialog))
        .then(() => {
          this.shown.add(dialog);
          for (const watch of this.watches) {
            watch.shown(dialog);
          }
        });
      this.showing.set(dialog, showing);
    });
  }

  /** Keeps one of the bridge's own dialogs away from the agent. */
  hide(dialog: Dialog<unknown>): void {
    this.hidden.add(dialog);
  }

  open(): DialogInfo[] {
    return this.openDialogs().map((dialog) => this.describe(dialog));
  }

  watch(): DialogWatch {
    const mine = new Set<Dialog<unknown>>();
    let notifyOpened = () => {};
    const opened = new Promise<void>((resolve) => (notifyOpened = resolve));
    const watch = {
      added: (dialog: Dialog<unknown>) => mine.add(dialog),
      shown: (dialog: Dialog<unknown>) => {
        if (mine.has(dialog) && !this.hidden.has(dialog)) notifyOpened();
      }
    };
    this.watches.add(watch);
    return {
      opened,
      stillOpen: async () => {
        if (mine.size === 0) {
          return [];
        }
        // A call that ends by opening a dialog ends before the dialog is shown.
        const showing = [...mine].map((dialog) => this.showing.get(dialog));
        await Promise.race([Promise.all(showing), new Promise((resolve) => setTimeout(resolve, SHOW_WAIT_MS))]);
        return this.openDialogs()
          .filter((dialog) => mine.has(dialog))
          .map((dialog) => this.describe(dialog));
      },
      dispose: () => this.watches.delete(watch)
    };
  }

  /**
   * Clicks a button of a dialog (the front one by default), after typing
   * `value` into its text field. Throws with a message for the agent when the
   * dialog or button is not there.
   */
  answer(button: string | number, dialogId?: string, value?: string): { dialogId: string; button: string } {
    const dialogs = this.openDialogs();
    if (dialogs.length === 0) {
      throw new Error('no dialog is open in the page.');
    }
    const dialog = dialogId === undefined ? dialogs[dialogs.length - 1]! : dialogs.find((d) => this.idOf(d) === dialogId);
    if (!dialog) {
      throw new Error(`no open dialog has the id "${dialogId}". Open dialogs: ${dialogs.map((d) => this.idOf(d)).join(', ')}.`);
    }
    const info = this.describe(dialog);
    const nodes = buttonNodes(dialog);
    const index =
      typeof button === 'number' ? button : info.buttons.findIndex((b) => b.label.toLowerCase() === button.trim().toLowerCase());
    const node = nodes[index];
    if (!node) {
      throw new Error(
        `the dialog "${info.title}" has no button ${JSON.stringify(button)}. Its buttons: ${info.buttons.map((b) => `${b.index} "${b.label}"`).join(', ')}.`
      );
    }
    if (value !== undefined) {
      const field = textField(dialog);
      if (!field) {
        throw new Error(`the dialog "${info.title}" has no text field to put a value in; leave out value.`);
      }
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (node.disabled) {
      throw new Error(
        `the button "${info.buttons[index]!.label}" is disabled (the dialog's input is not valid yet): give value with valid text for its field, or click another button.`
      );
    }
    node.click();
    return { dialogId: info.dialogId, button: info.buttons[index]!.label };
  }

  private openDialogs(): Dialog<unknown>[] {
    const dialogs: Dialog<unknown>[] = [];
    Dialog.tracker.forEach((dialog) => {
      if (this.shown.has(dialog) && !this.hidden.has(dialog) && !dialog.isDisposed) {
        dialogs.push(dialog);
      }
    });
    return dialogs;
  }

  private idOf(dialog: Dialog<unknown>): string {
    let id = this.ids.get(dialog);
    if (!id) {
      id = `dialog-${this.next++}`;
      this.ids.set(dialog, id);
    }
    return id;
  }

  private describe(dialog: Dialog<unknown>): DialogInfo {
    const node = dialog.node;
    const body = (node.querySelector('.jp-Dialog-body') as HTMLElement | null)?.innerText ?? '';
    const field = textField(dialog);
    return {
      dialogId: this.idOf(dialog),
      title: node.querySelector('.jp-Dialog-header')?.textContent?.trim() ?? '',
      body: body.trim().slice(0, MAX_DIALOG_BODY_CHARS),
      buttons: buttonNodes(dialog).map((button, index) => ({
        index,
        label: (button.querySelector('.jp-Dialog-buttonLabel')?.textContent ?? button.textContent ?? '').trim(),
        accept: button.classList.contains('jp-mod-accept')
      })),
      ...(field ? { input: { value: field.value, placeholder: field.placeholder } } : {})
    };
  }
}

/** The header is a React widget that renders a few frames after the dialog is ready. */
async function headerRendered(dialog: Dialog<unknown>): Promise<void> {
  for (let frame = 0; frame < HEADER_RENDER_FRAMES; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (dialog.isDisposed || dialog.node.querySelector('.jp-Dialog-header')?.textContent?.trim()) {
      return;
    }
  }
}

function buttonNodes(dialog: Dialog<unknown>): HTMLButtonElement[] {
  return [...dialog.node.querySelectorAll<HTMLButtonElement>('.jp-Dialog-footer .jp-Dialog-button')];
}

function textField(dialog: Dialog<unknown>): HTMLInputElement | HTMLTextAreaElement | null {
  return dialog.node.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    '.jp-Dialog-body input:not([type]), .jp-Dialog-body input[type="text"], .jp-Dialog-body textarea'
  );
}
