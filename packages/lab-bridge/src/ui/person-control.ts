/**
 * What the person in the page decides about the agent's calls (SPEC §6): which
 * calls wait for their click (`confirm`), and whether agent control is paused.
 * The bridge's own dialogs are hidden from the agent: it can never see or
 * answer them.
 */
import { Dialog } from '@jupyterlab/apputils';
import type { Widget } from '@lumino/widgets';
import { fail, type ToolHints, type ToolResult } from '@jupyter-live-mcp/protocol';
import { needsConfirmation, type ConfirmMode } from './confirm-policy.js';
import type { DialogWatcher } from '../jupyterlab/dialog-watcher.js';
import { ArgumentsView } from './arguments-view.js';
import { shownArguments } from './shown-arguments.js';

export class PersonControl {
  paused = false;

  constructor(
    private readonly dialogs: DialogWatcher,
    private readonly mode: () => ConfirmMode
  ) {}

  /**
   * Runs before a checked call: a failure result stops it (paused, or denied by
   * the person), undefined lets it run.
   */
  async gate(tool: string, hints: ToolHints, args: Record<string, unknown>, needsApproval?: boolean): Promise<ToolResult | undefined> {
    if (this.paused) {
      return fail('paused', `The person paused agent control in the page's status bar, so "${tool}" did not run. Ask them to resume it.`);
    }
    if (!needsConfirmation(this.mode(), hints, needsApproval)) {
      return undefined;
    }
    const choice = await this.choose(`Let the agent run ${tool}?`, new ArgumentsView(shownArguments(args)), ['Deny', 'Allow']);
    return choice === 'Allow'
      ? undefined
      : fail('denied_by_user', `The person denied "${tool}" in the page. Do not retry it unless they ask you to.`);
  }

  /**
   * Shows one of the bridge's own dialogs and returns the label clicked. The
   * first button is the safe one: Escape chooses it.
   */
  async choose(title: string, body: string | Widget, buttons: [string, ...string[]]): Promise<string> {
    const [safe, ...others] = buttons;
    const dialog = new Dialog({
      title,
      body,
      buttons: [Dialog.cancelButton({ label: safe }), ...others.map((label) => Dialog.okButton({ label }))],
      defaultButton: 0,
      hasClose: false
    });
    this.dialogs.hide(dialog);
    try {
      return (await dialog.launch()).button.label;
    } finally {
      dialog.dispose();
    }
  }
}
