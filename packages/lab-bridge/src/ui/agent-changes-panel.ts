/**
 * The "Agent changes" panel (SPEC §2.5): the journal of the agent's calls that
 * changed cells, newest first, each with a diff per cell (changes/
 * change-view.ts) and the person's "Revert this call" and "Revert everything
 * since this call". What a revert did, or why it was refused, is said under
 * the call it was asked of. It renders whenever the journal changes.
 */
import { Widget } from '@lumino/widgets';
import { AGENT_CHANGES_TITLE, entryView, type EntryView } from '../changes/change-view.js';
import type { Journal } from '../changes/journal.js';
import type { DiffLine } from '../changes/line-diff.js';
import type { RevertOutcome, RevertScope } from '../changes/revert-plan.js';

export const AGENT_CHANGES_PANEL_ID = 'jp-live-mcp-agent-changes';

export type Revert = (id: number, scope: RevertScope) => Promise<RevertOutcome>;

const BUTTONS: { scope: RevertScope; label: string; title: string }[] = [
  { scope: 'call', label: 'Revert this call', title: 'Restore the cells this call changed, as they were before it' },
  {
    scope: 'since',
    label: 'Revert everything since this call',
    title: 'Take back this call and every later agent call on its notebook, newest first'
  }
];

export class AgentChangesPanel extends Widget {
  /** What the last revert asked of each entry did. */
  private readonly outcomes = new Map<number, RevertOutcome>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly journal: Pick<Journal, 'entries' | 'subscribe'>,
    private readonly revert: Revert
  ) {
    super();
    this.id = AGENT_CHANGES_PANEL_ID;
    this.title.label = AGENT_CHANGES_TITLE;
    this.title.caption = AGENT_CHANGES_TITLE;
    this.addClass('jp-live-mcp-changes');
    this.unsubscribe = journal.subscribe(() => this.render());
    this.render();
  }

  override dispose(): void {
    this.unsubscribe();
    super.dispose();
  }

  private render(): void {
    const entries = this.journal.entries().map((entry) => entryView(entry));
    const intro = element('p', 'jp-live-mcp-changes-intro', [
      entries.length
        ? "The agent's calls that changed cells in this page, newest first. A revert is your own edit: the agent is told of it."
        : 'No agent call has changed cells in this page yet. Its changes are listed here until the page reloads or their notebook closes.'
    ]);
    this.node.replaceChildren(
      element('h2', 'jp-live-mcp-changes-title', [AGENT_CHANGES_TITLE]),
      intro,
      ...entries.map((view) => this.entryNode(view))
    );
  }

  private entryNode(view: EntryView): HTMLElement {
    const outcome = this.outcomes.get(view.id);
    const buttons = BUTTONS.map(({ scope, label, title }) => {
      const button = element('button', 'jp-live-mcp-changes-button jp-mod-styled', [label]);
      button.title = title;
      button.addEventListener('click', () => void this.take(view.id, scope));
      return button;
    });
    const section = element('section', `jp-live-mcp-change${view.reverted ? ' jp-mod-reverted' : ''}`, [
      element('h3', 'jp-live-mcp-change-heading', [view.heading]),
      element('div', 'jp-live-mcp-change-detail', [view.detail, ...(view.reverted ? [` · ${view.reverted}`] : [])]),
      ...(view.note ? [element('p', 'jp-live-mcp-change-note', [view.note])] : []),
      ...view.cells.map((cell) =>
        element('div', 'jp-live-mcp-change-cell', [element('div', 'jp-live-mcp-change-cell-title', [cell.title]), ...diffNode(cell.diff)])
      ),
      element('div', 'jp-live-mcp-change-buttons', buttons),
      ...(outcome ? [outcomeNode(outcome)] : [])
    ]);
    section.dataset.entry = String(view.id);
    return section;
  }

  private async take(id: number, scope: RevertScope): Promise<void> {
    let outcome: RevertOutcome;
    try {
      outcome = await this.revert(id, scope);
    } catch (error) {
      outcome = { ok: false, reason: `The revert failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.outcomes.set(id, outcome);
    this.render();
  }
}

function outcomeNode(outcome: RevertOutcome): HTMLElement {
  const node = element('p', `jp-live-mcp-change-outcome ${outcome.ok ? 'jp-mod-done' : 'jp-mod-refused'}`, [
    outcome.ok ? outcome.message : `Not taken back: ${outcome.reason}`
  ]);
  node.setAttribute('role', outcome.ok ? 'status' : 'alert');
  return node;
}

function diffNode(diff: readonly DiffLine[]): HTMLElement[] {
  if (!diff.length) {
    return [];
  }
  const lines = diff.map((line) =>
    line.kind === 'folded'
      ? element('div', 'jp-live-mcp-diff-folded', [`… ${line.lines} unchanged ${line.lines === 1 ? 'line' : 'lines'}`])
      : element('div', `jp-live-mcp-diff-${line.kind}`, [`${MARKS[line.kind]} ${line.text}`])
  );
  return [element('pre', 'jp-live-mcp-diff', lines)];
}

const MARKS = { same: ' ', removed: '-', added: '+' } as const;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}
