/**
 * lite --headless's browser goes when the server stops, and with it what its
 * page has not saved (JupyterLite keeps saved notebooks in the browser's
 * storage, unsaved edits only in the tab). So on stop the page's unsaved
 * notebooks are saved first, unless the person said not to
 * (--no-save-on-stop); either way the stop says what was not saved.
 */
import type { PageSession } from '../hub/page-session.js';
import { parsedResult } from '../hub/raw-result.js';
import type { Logger } from '../log.js';

/** Per call: a save the page cannot finish in this time (a dialog nobody answers in a headless page) counts as not saved. */
export const SAVE_ON_STOP_MS = 10_000;

/** The documents get_context says have unsaved changes: notebooks, which save_notebook saves, and others. */
export function unsavedDocuments(context: Record<string, unknown>): { notebooks: string[]; others: string[] } {
  const widgets = Array.isArray(context.widgets) ? (context.widgets as Record<string, unknown>[]) : [];
  const paths = [
    ...new Set(widgets.filter((widget) => widget.dirty === true && typeof widget.path === 'string').map((widget) => widget.path as string))
  ];
  return { notebooks: paths.filter((p) => p.endsWith('.ipynb')), others: paths.filter((p) => !p.endsWith('.ipynb')) };
}

/** What the stop says of what it left unsaved; undefined when nothing was. */
export function notSavedLine(notSaved: readonly { path: string; why: string }[], chosen: boolean): string | undefined {
  if (notSaved.length === 0) return undefined;
  const list = notSaved.map(({ path, why }) => `${path} (${why})`).join(', ');
  return (
    `stopping with unsaved changes in the lite page, which go with its browser: ${list}. ` +
    (chosen ? 'lite was started with --no-save-on-stop.' : 'Saved notebooks stay in the browser storage of this --lite-port.')
  );
}

export async function saveOnStop(page: Pick<PageSession, 'call'> | undefined, save: boolean, log: Logger): Promise<void> {
  if (!page) return;
  const context = await within(page.call('get_context', {}));
  const result = context && parsedResult(context.result);
  if (!result?.success) {
    log.warn('stopping: could not ask the lite page what it has not saved, so nothing was saved on the way out');
    return;
  }
  const { notebooks, others } = unsavedDocuments(result as Record<string, unknown>);
  const notSaved = others.map((path) => ({ path, why: 'not a notebook: save_notebook saves notebooks only' }));
  for (const path of notebooks) {
    if (!save) {
      notSaved.push({ path, why: 'not saved, as asked' });
      continue;
    }
    const answer = await within(page.call('save_notebook', { notebookPath: path }));
    if (answer?.result.success) log.info(`saved ${path} in the lite page before stopping`);
    else
      notSaved.push({ path, why: answer && !answer.result.success ? answer.result.error : `no answer within ${SAVE_ON_STOP_MS / 1000} s` });
  }
  const line = notSavedLine(notSaved, !save);
  if (line) log.warn(line);
}

function within<T>(promise: Promise<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), SAVE_ON_STOP_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      }
    );
  });
}
