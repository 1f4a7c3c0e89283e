/**
 * Long calls (SPEC §3.2, §4.1). A call still running after `pendingAfterSeconds`,
 * or one that opened a dialog, answers at once with `pending`; it keeps running,
 * and its own result is kept (at least 10 minutes after it finished) for
 * `wait_for_result`. Knows nothing of JupyterLab: dialogs come in through a
 * DialogWatch.
 */
import * as z from 'zod/mini';
import { describeIssues, fail, succeed, toolResultSchema, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { DialogInfo, DialogWatch } from './dialogs.js';
import { log } from '../log.js';
import { progressSentence, type RunProgress } from './run-progress.js';
import { within } from '../within.js';

/** How long a finished call's result is kept for wait_for_result. */
export const KEEP_RESULTS_MS = 10 * 60 * 1000;
/** How long a call that opened a dialog may take to finish before it answers pending. */
const DIALOG_GRACE_MS = 100;

export interface PendingOptions {
  pendingAfterMs(): number;
  /** The dialogs open now, for pending results. */
  openDialogs(): DialogInfo[];
  now?: () => number;
  /**
   * Where pending calls outlive a reload of the page: sessionStorage, per tab.
   * A call still running when the page unloads is lost with it; its id then
   * answers page_disconnected instead of unknown_pending.
   */
  store?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Says what of the store could not be read (default: the console). */
  warn?: (message: string) => void;
}

const STORE_KEY = 'jupyter-live-mcp:pending';
/** Results larger than this are not kept across a reload (sessionStorage is small). */
const MAX_STORED_RESULT_CHARS = 1_000_000;

/** What the store holds: the next id, and each call's entry (read one by one, so a bad one is skipped alone). */
const storedCallsSchema = z.object({ next: z.int().check(z.gte(1)), entries: z.array(z.unknown()) });

/** A pending call, as the page keeps it across a reload; the running call and its pending answer are derived from it. */
const pendingCallSchema = z.object({
  pendingId: z.string(),
  tool: z.string(),
  command: z.optional(z.string()),
  startedAt: z.number(),
  finishedAt: z.optional(z.number()),
  result: z.optional(toolResultSchema)
});

type StoredEntry = z.infer<typeof pendingCallSchema>;

/** A call as this load of the page keeps it: what is stored, and the call's own result to come. */
type Entry = StoredEntry & { done: Promise<ToolResult>; progress?: () => RunProgress | undefined };

/** A call still running, as get_context lists it and its pending answers say it. */
export type RunningCall = Pick<StoredEntry, 'pendingId' | 'tool' | 'command'> & { seconds: number; progress?: RunProgress };

/**
 * The calls an earlier load of the page stored; what cannot be read is left
 * out with a warning, never thrown (that would stop the bridge).
 */
export function readStoredCalls(
  store: Pick<Storage, 'getItem'> | null | undefined,
  warn: (message: string) => void
): { next: number; entries: StoredEntry[] } {
  const none = { next: 1, entries: [] };
  let json: unknown;
  try {
    json = JSON.parse(store?.getItem(STORE_KEY) ?? 'null');
  } catch (error) {
    warn(`could not read the pending calls kept for this tab (${(error as Error).message}); they are forgotten`);
    return none;
  }
  if (json === null) {
    return none;
  }
  const stored = storedCallsSchema.safeParse(json);
  if (!stored.success) {
    warn(`the pending calls kept for this tab have the wrong shape (${describeIssues(stored.error)}); they are forgotten`);
    return none;
  }
  const entries: StoredEntry[] = [];
  stored.data.entries.forEach((entry, index) => {
    const parsed = pendingCallSchema.safeParse(entry);
    if (parsed.success) {
      entries.push(parsed.data);
    } else {
      warn(`skipped pending call ${index} kept for this tab: ${describeIssues(parsed.error)}`);
    }
  });
  return { next: stored.data.next, entries };
}

export class PendingCalls {
  private readonly entries = new Map<string, Entry>();
  private next = 1;
  private readonly now: () => number;

  constructor(private readonly options: PendingOptions) {
    this.now = options.now ?? Date.now;
    this.restore();
  }

  /**
   * Runs a call. Resolves with its result if it finishes in time and opens no
   * dialog; else with a pending result, and the call goes on. `asFinished`
   * gives the call's result as plain JSON as it was when it finished (the call
   * pipeline wrote it then): what is kept for wait_for_result, or given the
   * dialogs the call left open, is that, not what the tool answered read again
   * a moment later. `progress` says how far the call has come, for its pending
   * answers.
   */
  async run(
    tool: string,
    command: string | undefined,
    watch: DialogWatch,
    start: () => Promise<ToolResult>,
    asFinished: (result: ToolResult) => ToolResult,
    progress?: () => RunProgress | undefined
  ): Promise<ToolResult> {
    const startedAt = this.now();
    const done = start().then(
      async (result) => withDialogs(result, await watch.stillOpen(), asFinished),
      (error: unknown) => fail('internal_error', `${tool} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`)
    );
    void done.finally(() => watch.dispose());
    const first =
      (await within(
        Promise.race([done.then((result) => ({ result })), watch.opened.then(() => 'dialog' as const)]),
        this.options.pendingAfterMs()
      )) ?? 'slow';
    if (typeof first === 'object') {
      return first.result;
    }
    if (first === 'dialog') {
      // A call that fails often opens its error dialog as it ends ("File Load
      // Error"): a finished call answers with its result, the dialog listed in it.
      const finished = await within(done, DIALOG_GRACE_MS);
      if (finished) {
        return finished;
      }
    }
    const entry: Entry = { pendingId: `pending-${this.next++}`, tool, ...(command ? { command } : {}), startedAt, done, progress };
    this.entries.set(entry.pendingId, entry);
    this.save();
    void done.then((result) => {
      entry.result = asFinished(result);
      entry.finishedAt = this.now();
      this.save();
    });
    return this.pendingResult(entry);
  }

  /** Calls still running, for get_context. */
  running(): RunningCall[] {
    this.forgetOld();
    return [...this.entries.values()].filter((entry) => !entry.result).map((entry) => this.runningCall(entry));
  }

  private runningCall(entry: Entry): RunningCall {
    const progress = entry.progress?.();
    return {
      pendingId: entry.pendingId,
      tool: entry.tool,
      ...(entry.command ? { command: entry.command } : {}),
      seconds: this.secondsOf(entry),
      ...(progress ? { progress } : {})
    };
  }

  /** wait_for_result: the call's own result, or pending again after `seconds` (its input limits them). */
  async wait(pendingId: string, seconds: number): Promise<ToolResult> {
    this.forgetOld();
    const entry = this.entries.get(pendingId);
    if (!entry) {
      return fail(
        'unknown_pending',
        `wait_for_result: this page has no pending call "${pendingId}" (results are kept 10 minutes after a call ` +
          'finishes, and each page has its own: see select_page). Call get_context for the calls still pending.'
      );
    }
    if (entry.result) {
      return entry.result;
    }
    const result = await within(entry.done, seconds * 1000);
    return result ?? this.pendingResult(entry);
  }

  private pendingResult(entry: Entry): ToolResult {
    const dialogs = this.options.openDialogs();
    const running = this.runningCall(entry);
    const { seconds, progress } = running;
    return succeed({
      pending: true,
      ...running,
      ...(dialogs.length ? { dialogs } : {}),
      message:
        (dialogs.length
          ? `"${entry.tool}" is waiting for a dialog in the page: answer it with answer_dialog (see dialogs), then `
          : `"${entry.tool}" is still running after ${seconds} s${progress ? ` (${progressSentence(progress)})` : ''} and goes on in the page: `) +
        `call wait_for_result with pendingId "${entry.pendingId}" for its result.`
    });
  }

  private secondsOf(entry: Entry): number {
    return Math.round((this.now() - entry.startedAt) / 100) / 10;
  }

  /** Calls kept by an earlier load of this page (see PendingOptions.store). */
  private restore(): void {
    const stored = readStoredCalls(this.options.store, this.options.warn ?? log.warn);
    this.next = stored.next;
    for (const old of stored.entries) {
      const result =
        old.result ??
        fail(
          'page_disconnected',
          `The page was reloaded while "${old.tool}" was running, so its result is lost. The call may or may not ` +
            'have finished: call get_context (and read_notebook) to see the state before you retry.'
        );
      this.entries.set(old.pendingId, { ...old, result, finishedAt: old.finishedAt ?? this.now(), done: Promise.resolve(result) });
    }
  }

  private save(): void {
    const store = this.options.store;
    if (!store) {
      return;
    }
    const entries: StoredEntry[] = [...this.entries.values()].map(({ done: _done, progress: _progress, result, ...rest }) =>
      result && JSON.stringify(result).length <= MAX_STORED_RESULT_CHARS ? { ...rest, result } : rest
    );
    try {
      store.setItem(STORE_KEY, JSON.stringify({ next: this.next, entries }));
    } catch {
      // Storage full: the calls are still kept in memory for this load.
    }
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.finishedAt !== undefined && now - entry.finishedAt > KEEP_RESULTS_MS) {
        this.entries.delete(id);
        this.save();
      }
    }
  }
}

/** A dialog a call opened and left open is listed in its result, so the agent can dismiss it. */
function withDialogs(result: ToolResult, dialogs: DialogInfo[], asFinished: (result: ToolResult) => ToolResult): ToolResult {
  return dialogs.length ? { ...asFinished(result), dialogs } : result;
}
