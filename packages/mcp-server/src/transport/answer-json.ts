/**
 * A tools/call answer written from its result's JSON text. The answer carries
 * the result twice (the text block is that JSON, structuredContent the same
 * object), and the server has that JSON already: it measured it for the
 * message budget. Serialising the answer as a whole would walk the result
 * again and build the whole message as one more string; here it is measured
 * and written in pieces, the result's JSON used as it is. No I/O: the
 * answers it knows the JSON of are kept in a WeakMap, gone with them.
 */
import type { ToolResultContent } from '@jupyter-live-mcp/protocol';

/** Answers built with the JSON text of their structuredContent. */
const resultJsonOf = new WeakMap<object, string>();

/** `answer` with `json`, the JSON text of its structuredContent (and of its text block, when it has one), known. */
export function withResultJson<T extends ToolResultContent>(answer: T, json: string): T {
  resultJsonOf.set(answer, json);
  return answer;
}

/** A piece of JSON text, or a string to be written as a JSON string (quoted and escaped). */
type Piece = string | { quoted: string };

/**
 * The JSON text of a JSON-RPC message in pieces that join to what
 * JSON.stringify gives for it (keys in another order): one piece for most
 * messages; for a response that is an answer built with withResultJson,
 * its result's JSON as it is.
 */
export function messagePieces(message: unknown): Piece[] {
  const answer = (message as { result?: unknown } | null)?.result;
  const pieces = typeof answer === 'object' && answer !== null ? answerPieces(answer) : undefined;
  if (!pieces) {
    return [JSON.stringify(message)];
  }
  const rest = JSON.stringify({ ...(message as object), result: undefined });
  return ['{"result":', ...pieces, rest === '{}' ? '}' : `,${rest.slice(1)}`];
}

/** What JSON.stringify(answer) would take in UTF-8, without building it. */
export function answerBytes(answer: unknown): number {
  const pieces = typeof answer === 'object' && answer !== null ? answerPieces(answer) : undefined;
  return pieces ? pieces.reduce((sum, piece) => sum + pieceBytes(piece), 0) : Buffer.byteLength(JSON.stringify(answer));
}

/**
 * The JSON text of a message (messagePieces) in chunks of at most `size` UTF-16
 * units of its pieces (a quoted piece's chunk escaped, so up to twice that):
 * a big answer written chunk by chunk is never one string, and its quoted
 * text block is never a second copy of its result's JSON.
 */
export function* messageChunks(message: unknown, size: number): Generator<string> {
  for (const piece of messagePieces(message)) {
    if (typeof piece === 'string') {
      yield* slices(piece, size);
    } else {
      yield '"';
      for (const slice of slices(piece.quoted, size)) {
        yield JSON.stringify(slice).slice(1, -1);
      }
      yield '"';
    }
  }
}

/**
 * `text` cut every `size` (at least 2) UTF-16 units, never between the two
 * halves of a surrogate pair: written or escaped alone, each half would be
 * another character (U+FFFD, or a \ud83d escape).
 */
export function* slices(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) {
      end--;
    }
    yield text.slice(start, end);
    start = end;
  }
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

function answerPieces(answer: object): Piece[] | undefined {
  const json = resultJsonOf.get(answer);
  if (json === undefined) {
    return undefined;
  }
  const { content, structuredContent: _, ...others } = answer as ToolResultContent;
  const blocks = content.flatMap((block, index): Piece[] => {
    const comma = index > 0 ? ',' : '';
    // The text block is the result's JSON: written from it, escaped as a string.
    return block.type === 'text' && block.text === json
      ? [`${comma}{"type":"text","text":`, { quoted: json }, '}']
      : [comma + JSON.stringify(block)];
  });
  const rest = JSON.stringify(others);
  return ['{"content":[', ...blocks, '],"structuredContent":', json, rest === '{}' ? '}' : `,${rest.slice(1)}`];
}

/**
 * The UTF-8 bytes of a piece. A quoted piece is JSON text already: JSON.stringify
 * escaped its control characters and lone surrogates, so quoting it again
 * escapes only its quotes and backslashes, a byte more each, and adds two quotes.
 */
function pieceBytes(piece: Piece): number {
  if (typeof piece === 'string') {
    return Buffer.byteLength(piece);
  }
  return Buffer.byteLength(piece.quoted) + 2 + occurrences(piece.quoted, '"') + occurrences(piece.quoted, '\\');
}

function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) {
    count++;
  }
  return count;
}
