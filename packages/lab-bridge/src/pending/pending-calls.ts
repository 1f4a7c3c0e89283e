/**
 * Long calls (SPEC §3.2, §4.1). A call still running after `pendingAfterSeconds`,
 * or one that opened a dialog, answers at once with `pending`; it keeps running,
 * and its own result is kept (at least 10 minutes after it finished) for
 * `wait_for_result`. Knows nothing of JupyterLab: dialogs come in through a
 * DialogWatch.
 */
import { fail, succeed, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { DialogInfo, DialogWatch } from '../dialogs/dialog-watcher.js';

/** How long a finished call's result is kept for wait_for_result. */
export const KEEP_RESULTS_MS = 10 * 60 * 1000;
/** How long a call that opened a dialog may take to finish before it answers pending. */
const DIALOG_GRACE_MS = 100;
/** The longest wait_for_result may wait. */
export const MAX_WAIT_SECONDS = 300;

interface Entry {
  pendingId: string;
  tool: string;
  command?: string;
  startedAt: number;
  done: Promise<ToolResult>;
  result?: ToolResult;
  finishedAt?: number;
}

export interface PendingOptions {
  pendingAfterMs(): number;
  /** The dialogs open now, for pending results. */
  openDialogs(): DialogInfo[];
  now?: () => number;
}

export class PendingCalls {
  private readonly entries = new Map<string, Entry>();
  private next = 1;
  private readonly now: () => number;

  constructor(private readonly options: PendingOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Runs a call. Resolves with its result if it finishes in time and opens no
   * dialog; else with a pending result, and the call goes on.
   */
  async run(tool: string, command: string | undefined, watch: DialogWatch, start: () => Promise<ToolResult>): Promise<ToolResult> {
    const startedAt = this.now();
    const done = start().then(
      async (result) => withDialogs(result, await watch.stillOpen()),
      (error: unknown) => fail('internal_error', `${tool} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`)
    );
    void done.finally(() => watch.dispose());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const first = await Promise.race([
      done.then((result) => ({ result })),
      watch.opened.then(() => 'dialog' as const),
      new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), this.options.pendingAfterMs())))
    ]);
    clearTimeout(timer);
    if (typeof first === 'object') {
      return first.result;
    }
    if (first === 'dialog') {
      // A call that fails often opens its error dialog as it ends ("File Load
      // Error"): a finished call answers with its result, the dialog listed in it.
      const finished = await Promise.race([done, new Promise<undefined>((resolve) => setTimeout(resolve, DIALOG_GRACE_MS))]);
      if (finished) {
        return finished;
      }
    }
    const entry: Entry = { pendingId: `pending-${this.next++}`, tool, ...(command ? { command } : {}), startedAt, done };
    this.entries.set(entry.pendingId, entry);
    void done.then((result) => {
      entry.result = result;
      entry.finishedAt = this.now();
    });
    return this.pendingResult(entry);
  }

  /** Calls still running, for get_context. */
  running(): { pendingId: string; tool: string; command?: string; seconds: number }[] {
    this.forgetOld();
    return [...this.entries.values()]
      .filter((entry) => !entry.result)
      .map((entry) => ({ pendingId: entry.pendingId, tool: entry.tool, ...(entry.command ? { command: entry.command } : {}), seconds: this.secondsOf(entry) }));
  }

  /** wait_for_result: the call's own result, or pending again after `seconds`. */
  async wait(pendingId: string, seconds: number): Promise<ToolResult> {
    this.forgetOld();
    const entry = this.entries.get(pendingId);
    if (!entry) {
      return fail(
        'unknown_pending',
        `wait_for_result: this page has no pending call "${pendingId}". Results are kept 10 minutes after a call ` +
          'finishes, and a reload of the page forgets them. Call get_context for the calls still pending.'
      );
    }
    if (entry.result) {
      return entry.result;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = Math.min(Math.max(seconds, 0), MAX_WAIT_SECONDS) * 1000;
    const result = await Promise.race([
      entry.done,
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waited)))
    ]);
    clearTimeout(timer);
    return result ?? this.pendingResult(entry);
  }

  private pendingResult(entry: Entry): ToolResult {
    const dialogs = this.options.openDialogs();
    const seconds = this.secondsOf(entry);
    return succeed({
      pending: true,
      pendingId: entry.pendingId,
      tool: entry.tool,
      ...(entry.command ? { command: entry.command } : {}),
      seconds,
      ...(dialogs.length ? { dialogs } : {}),
      message:
        (dialogs.length
          ? `"${entry.tool}" is waiting for a dialog in the page: answer it with answer_dialog (see dialogs), then `
          : `"${entry.tool}" is still running after ${seconds} s and goes on in the page: `) +
        `call wait_for_result with pendingId "${entry.pendingId}" for its result.`
    });
  }

  private secondsOf(entry: Entry): number {
    return Math.round((this.now() - entry.startedAt) / 100) / 10;
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.finishedAt !== undefined && now - entry.finishedAt > KEEP_RESULTS_MS) {
        this.entries.delete(id);
      }
    }
  }
}

/** A dialog a call opened and left open is listed in its result, so the agent can dismiss it. */
function withDialogs(result: ToolResult, dialogs: DialogInfo[]): ToolResult {
  return dialogs.length ? { ...result, dialogs } : result;
}
