/**
 * A tools/call answer written from its result's JSON text. The answer carries
 * the result twice (the text block is that JSON, structuredContent the same
 * object), and the server has that JSON already: it measured it for the
 * message budget, or kept a big result as the page's text (raw-result.ts).
 * Serialising the answer as a whole would walk the result again and build the
 * whole message as one more string; here it is measured and written in
 * pieces, the result's JSON used as it is. No I/O: the answers it knows the
 * JSON of are kept in a WeakMap, gone with them.
 */
import type { ToolResultContent } from '@jupyter-live-mcp/protocol';

/** JSON text: a string, or UTF-8 bytes in the compact form (no whitespace: json-bytes.ts). */
type Json = string | Buffer;

/** What an answer built with withResultJson is written from: its result's JSON, and its text block holding that JSON, if any. */
interface ResultJson {
  json: Json;
  textBlock: object | undefined;
}

/** Answers built with the JSON text of their structuredContent. */
const resultJsonOf = new WeakMap<object, ResultJson>();

/**
 * `answer` with `json`, the JSON text of its structuredContent, known; its
 * first block, when it is text, holds that JSON (as toolResultContent builds
 * it). Neither is read again: an answer may compute them only when asked.
 */
export function withResultJson<T extends ToolResultContent>(answer: T, json: Json): T {
  const first = answer.content[0];
  resultJsonOf.set(answer, { json, textBlock: first?.type === 'text' ? first : undefined });
  return answer;
}

/** A piece of JSON text, or JSON text to be written as a JSON string (quoted and escaped). */
type Piece = Json | { quoted: Json };

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
 * units or bytes of its pieces (a quoted piece's chunk escaped, so up to twice
 * that): a big answer written chunk by chunk is never one string, and its
 * quoted text block is never a second copy of its result's JSON. A chunk that
 * is a Buffer may be overwritten by the next: write each before taking the next.
 */
export function* messageChunks(message: unknown, size: number): Generator<Json> {
  for (const piece of messagePieces(message)) {
    if (typeof piece === 'string') {
      yield* slices(piece, size);
    } else if (Buffer.isBuffer(piece)) {
      for (let start = 0; start < piece.length; start += size) {
        yield piece.subarray(start, start + size);
      }
    } else {
      yield '"';
      if (typeof piece.quoted === 'string') {
        for (const slice of slices(piece.quoted, size)) {
          yield JSON.stringify(slice).slice(1, -1);
        }
      } else {
        yield* quotedBytes(piece.quoted, size);
      }
      yield '"';
    }
  }
}

/**
 * Compact JSON text's bytes (json-bytes.ts) escaped as a JSON string's, in
 * chunks of at most `size` bytes of it: such text has no control character,
 * so only its quotes and backslashes are escaped, as JSON.stringify would.
 * Byte by byte, so no string is made of it; and in one buffer, each chunk
 * in the memory of the last: a chunk must be written before the next is taken.
 */
function* quotedBytes(bytes: Buffer, size: number): Generator<Buffer> {
  const escaped = Buffer.allocUnsafe(2 * Math.min(size, bytes.length));
  for (let start = 0; start < bytes.length; start += size) {
    const end = Math.min(start + size, bytes.length);
    let length = 0;
    for (let at = start; at < end; at++) {
      const byte = bytes[at]!;
      if (byte === QUOTE || byte === BACKSLASH) {
        escaped[length++] = BACKSLASH;
      }
      escaped[length++] = byte;
    }
    yield escaped.subarray(0, length);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

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
  const known = resultJsonOf.get(answer);
  if (known === undefined) {
    return undefined;
  }
  const { json, textBlock } = known;
  const { content } = answer as ToolResultContent;
  const blocks = content.flatMap((block, index): Piece[] => {
    const comma = index > 0 ? ',' : '';
    // The text block is the result's JSON: written from it, escaped as a string.
    return block === textBlock ? [`${comma}{"type":"text","text":`, { quoted: json }, '}'] : [comma + JSON.stringify(block)];
  });
  // The answer's other fields; structuredContent is not read (a kept result's is parsed only when asked).
  const others = Object.fromEntries(
    Object.keys(answer)
      .filter((key) => key !== 'content' && key !== 'structuredContent')
      .map((key) => [key, (answer as Record<string, unknown>)[key]])
  );
  const rest = JSON.stringify(others);
  return ['{"content":[', ...blocks, '],"structuredContent":', json, rest === '{}' ? '}' : `,${rest.slice(1)}`];
}

/**
 * The UTF-8 bytes of a piece. A quoted piece is JSON text already: JSON.stringify
 * escaped its control characters and lone surrogates (kept bytes have neither),
 * so quoting it again escapes only its quotes and backslashes, a byte more
 * each, and adds two quotes.
 */
function pieceBytes(piece: Piece): number {
  if (typeof piece === 'string' || Buffer.isBuffer(piece)) {
    return Buffer.byteLength(piece);
  }
  return Buffer.byteLength(piece.quoted) + 2 + toEscape(piece.quoted);
}

/** How many quotes and backslashes JSON text has. */
function toEscape(json: Json): number {
  let count = 0;
  if (typeof json === 'string') {
    for (const char of ['"', '\\']) {
      for (let at = json.indexOf(char); at !== -1; at = json.indexOf(char, at + 1)) {
        count++;
      }
    }
    return count;
  }
  // Byte by byte: a quote every few bytes makes indexOf's calls cost more than the loop.
  for (let at = 0; at < json.length; at++) {
    const byte = json[at];
    if (byte === QUOTE || byte === BACKSLASH) {
      count++;
    }
  }
  return count;
}
