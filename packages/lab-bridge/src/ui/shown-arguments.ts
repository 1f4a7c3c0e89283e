/**
 * A call's arguments as the confirmation dialog shows them (SPEC §6): all of
 * them, nothing cut, each string as the text it is (code reads as code), and
 * what could hide a part of it made visible instead — a long run of spaces or
 * tabs, many empty lines, characters that take no room or reorder the text.
 * Pure: the dialog (person-control.ts) only renders the pieces.
 */

/** Plain text, or a mark that stands for characters that would show nothing. */
export type Piece = { text: string } | { mark: string };

export interface ShownArgument {
  name: string;
  pieces: Piece[];
  /** The value's own length, as the person is told it. */
  characters: number;
  lines: number;
}

/** Longer runs of spaces and tabs are shown as a mark: they push what follows out of sight. */
export const LONGEST_SHOWN_BLANK = 32;
/** More empty lines in a row than this are shown as a mark. */
export const MOST_SHOWN_EMPTY_LINES = 2;

/**
 * Characters that show nothing or change how the rest shows: controls (but
 * newline and tab), format characters (soft hyphen, zero-width and
 * bidirectional marks and overrides, word joiners, the byte-order mark),
 * spaces other than the plain one (they pass for it) and the Hangul fillers.
 */
const HIDDEN_CHARACTER = /(?![\n\t ])[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

export function shownArguments(args: Record<string, unknown>): ShownArgument[] {
  return Object.entries(args).map(([name, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
    return { name, pieces: visiblePieces(text), characters: text.length, lines: text.split('\n').length };
  });
}

/** The text in pieces, each hiding run or character replaced by a mark saying what it is. */
export function visiblePieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  const push = (piece: Piece) => {
    const last = pieces.at(-1);
    if ('text' in piece && last && 'text' in last) last.text += piece.text;
    else if (!('text' in piece) || piece.text) pieces.push(piece);
  };
  const hiding = new RegExp(
    `(\\n(?:[ \\t]*\\n){${MOST_SHOWN_EMPTY_LINES + 1},})|([ \\t]{${LONGEST_SHOWN_BLANK + 1},})|(${HIDDEN_CHARACTER.source})`,
    'gu'
  );
  let at = 0;
  for (const match of text.matchAll(hiding)) {
    push({ text: text.slice(at, match.index) });
    const [run, emptyLines, blanks, character] = match;
    if (emptyLines) {
      // The run starts at the end of a line and ends at the start of one: both line ends stay.
      push({ text: '\n' });
      push({ mark: `${count(emptyLines.split('\n').length - 2, 'empty line')}` });
      push({ text: '\n' });
    } else if (blanks) {
      push({ mark: blankMark(blanks) });
    } else if (character) {
      push({ mark: codePoint(character) });
    }
    at = match.index + run.length;
  }
  push({ text: text.slice(at) });
  return pieces;
}

/** What the person is told about the whole: how much there is, and that it scrolls. */
export function lengthNote(shown: readonly ShownArgument[]): string {
  if (shown.length === 0) {
    return 'No arguments.';
  }
  const characters = shown.reduce((sum, argument) => sum + argument.characters, 0);
  const lines = shown.reduce((sum, argument) => sum + argument.lines, 0);
  return `${count(shown.length, 'argument')}, ${count(characters, 'character')} in ${count(lines, 'line')}, all shown below.`;
}

function blankMark(run: string): string {
  const spaces = [...run].filter((character) => character === ' ').length;
  const tabs = run.length - spaces;
  return [spaces ? count(spaces, 'space') : '', tabs ? count(tabs, 'tab') : ''].filter(Boolean).join(' and ');
}

function codePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
