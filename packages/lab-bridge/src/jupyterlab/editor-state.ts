/**
 * The cursor and selection of a code editor as get_context reports them (SPEC
 * §2.4): lines and columns start at 1, selected text keeps at most 2000
 * characters. Pure: positions in, JSON out.
 */
import { MAX_SELECTION_CHARS, type EditorState } from '@jupyter-live-mcp/protocol';

export interface Position {
  /** 0-based, as CodeMirror and JupyterLab's editor interface count. */
  line: number;
  column: number;
}

export function editorState(source: string, cursor: Position, selection?: { start: Position; end: Position }): EditorState {
  const state: EditorState = { cursor: oneBased(cursor) };
  if (selection && !samePosition(selection.start, selection.end)) {
    // A selection made upwards has its start after its end.
    const [from, to] = before(selection.start, selection.end) ? [selection.start, selection.end] : [selection.end, selection.start];
    const text = source.slice(offsetOf(source, from), offsetOf(source, to));
    state.selection = {
      start: oneBased(from),
      end: oneBased(to),
      text: text.slice(0, MAX_SELECTION_CHARS),
      ...(text.length > MAX_SELECTION_CHARS ? { truncated: true as const } : {})
    };
  }
  return state;
}

function oneBased(position: Position): { line: number; column: number } {
  return { line: position.line + 1, column: position.column + 1 };
}

function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.column === b.column;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.column <= b.column);
}

/** The character offset of a position, clamped to the text. */
export function offsetOf(source: string, position: Position): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) {
    const end = source.indexOf('\n', offset);
    if (end === -1) {
      return source.length;
    }
    offset = end + 1;
  }
  const lineEnd = source.indexOf('\n', offset);
  return Math.min(offset + position.column, lineEnd === -1 ? source.length : lineEnd);
}
