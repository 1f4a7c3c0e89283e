/**
 * The confirmation dialog's body (SPEC §6): every argument of the call, whole,
 * in a monospace box that wraps and scrolls (shown-arguments.ts makes hiding
 * runs visible), its length said above it. When the box scrolls, the dialog's
 * accept button stays disabled until the person has scrolled to its end, so
 * nothing they allow is unseen.
 */
import { Widget } from '@lumino/widgets';
import { lengthNote, type ShownArgument } from './shown-arguments.js';

/** Within this many pixels of the end counts as the end (fractional scroll positions). */
const END_SLACK_PX = 2;

export class ArgumentsView extends Widget {
  private readonly box: HTMLElement;
  private readonly note: HTMLElement;
  private readonly length: string;
  private seenEnd = false;

  constructor(shown: readonly ShownArgument[]) {
    super();
    this.addClass('jp-live-mcp-arguments');
    this.note = document.createElement('p');
    this.note.className = 'jp-live-mcp-arguments-note';
    this.length = lengthNote(shown);
    this.note.textContent = this.length;
    this.box = document.createElement('div');
    this.box.className = 'jp-live-mcp-arguments-box';
    // Focusable, so that the keyboard scrolls it too.
    this.box.tabIndex = 0;
    for (const argument of shown) {
      const name = document.createElement('div');
      name.className = 'jp-live-mcp-argument-name';
      name.textContent = `${argument.name} (${argument.characters.toLocaleString('en-US')} characters)`;
      const value = document.createElement('pre');
      value.className = 'jp-live-mcp-argument-value';
      for (const piece of argument.pieces) {
        if ('text' in piece) {
          value.append(piece.text);
        } else {
          const mark = document.createElement('span');
          mark.className = 'jp-live-mcp-argument-mark';
          mark.textContent = piece.mark;
          value.append(mark);
        }
      }
      this.box.append(name, value);
    }
    this.node.append(this.note, this.box);
    this.box.addEventListener('scroll', () => this.gate());
  }

  protected override onAfterAttach(): void {
    // Laid out only now: whether the box scrolls is known once it is in the page (and again once fonts settle).
    this.gate();
    requestAnimationFrame(() => this.gate());
  }

  /** Enables the accept button once the box has shown its end, and says what to do until then. */
  private gate(): void {
    this.seenEnd ||= this.box.scrollTop + this.box.clientHeight >= this.box.scrollHeight - END_SLACK_PX;
    const accept = this.node.closest('.jp-Dialog-content')?.querySelector<HTMLButtonElement>('.jp-Dialog-button.jp-mod-accept');
    if (accept) {
      accept.disabled = !this.seenEnd;
      accept.title = this.seenEnd ? '' : 'Scroll to the end of the arguments first';
    }
    this.note.textContent = this.seenEnd ? this.length : `${this.length} Scroll to its end to allow it.`;
  }
}
