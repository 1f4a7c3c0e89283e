/**
 * JSON text checked as UTF-8 bytes, without parsing it into values: where each
 * value ends, and the members of an object. Only the compact form is taken, as
 * JSON.stringify writes it: no whitespace between tokens, so the text has no
 * line break and no control character at all (one inside a string must be
 * escaped). Anything else is "not this form" (-1, undefined), never a guess.
 * The bytes are assumed to be valid UTF-8 (a text frame's are: ws checks them).
 * Pure.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** After a backslash: the escapes JSON has (u is followed by four hex digits). */
const SHORT_ESCAPES = new Set([...'"\\/bfnrt'].map((c) => c.charCodeAt(0)));
const U = 0x75;
const LITERALS = ['true', 'false', 'null'].map((word) => Buffer.from(word));

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= ZERO && byte <= NINE;
const isHex = (byte: number | undefined) =>
  byte !== undefined && (isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46));

/** A member of an object: its key, decoded, and where its value lies ([start, end) in bytes). */
export interface Member {
  key: string;
  start: number;
  end: number;
  /** The value's own members, for a key `open` named. */
  members?: Member[];
}

/**
 * The end (one past the last byte) of the JSON value starting at `start`, or
 * -1 where none starts there in the compact form, or one nests more than
 * `levels` objects and arrays deep (the value itself counts as one).
 */
export function valueEnd(bytes: Buffer, start: number, levels: number): number {
  const first = bytes[start];
  switch (first) {
    case QUOTE:
      return stringEnd(bytes, start);
    case OPEN_OBJECT:
      return objectEnd(bytes, start, levels);
    case OPEN_ARRAY:
      return arrayEnd(bytes, start, levels);
    case 0x74: // t
    case 0x66: // f
    case 0x6e: // n
      return literalEnd(bytes, start);
    default:
      return first === MINUS || isDigit(first) ? numberEnd(bytes, start) : -1;
  }
}

/**
 * The members of the object starting at `start` and where it ends, or
 * undefined where no object starts there in the compact form (or it nests
 * more than `levels` deep). Keys are decoded at this object's level only; the
 * value of a key `open` names must be an object, and gets its members listed.
 */
export function objectMembers(
  bytes: Buffer,
  start: number,
  levels: number,
  open: (key: string) => boolean = () => false
): { members: Member[]; end: number } | undefined {
  const members: Member[] = [];
  const end = objectEnd(bytes, start, levels, (keyStart, keyEnd, valueStart, valueLevels) => {
    const key = JSON.parse(bytes.toString('utf8', keyStart, keyEnd)) as string;
    if (!open(key)) {
      const end = valueEnd(bytes, valueStart, valueLevels);
      members.push({ key, start: valueStart, end });
      return end;
    }
    const inner = objectMembers(bytes, valueStart, valueLevels);
    members.push({ key, start: valueStart, end: inner?.end ?? -1, ...(inner ? { members: inner.members } : {}) });
    return inner?.end ?? -1;
  });
  return end === -1 ? undefined : { members, end };
}

/** Scans one member's value and returns its end, or -1; its key is at [start, end) of the bytes. */
type MemberScan = (keyStart: number, keyEnd: number, valueStart: number, levels: number) => number;

/** The end of the object starting at `start`, or -1; `member` scans each value (by default: checks it). */
function objectEnd(bytes: Buffer, start: number, levels: number, member?: MemberScan): number {
  return bytes[start] === OPEN_OBJECT ? listEnd(bytes, start, levels, CLOSE_OBJECT, objectItem, member) : -1;
}

function arrayEnd(bytes: Buffer, start: number, levels: number): number {
  return listEnd(bytes, start, levels, CLOSE_ARRAY, arrayItem);
}

/** Scans the item of a list at `at` and returns its end, or -1. Module functions, not closures: a big read has many lists. */
type Item = (bytes: Buffer, at: number, levels: number, member: MemberScan | undefined) => number;

const arrayItem: Item = (bytes, at, levels) => valueEnd(bytes, at, levels);

const objectItem: Item = (bytes, at, levels, member) => {
  const keyEnd = bytes[at] === QUOTE ? stringEnd(bytes, at) : -1;
  if (keyEnd === -1 || bytes[keyEnd] !== COLON) {
    return -1;
  }
  return member ? member(at, keyEnd, keyEnd + 1, levels) : valueEnd(bytes, keyEnd + 1, levels);
};

/** The end of the object or array opening at `start`: items between commas, then `close`. */
function listEnd(bytes: Buffer, start: number, levels: number, close: number, item: Item, member?: MemberScan): number {
  if (levels < 1) {
    return -1;
  }
  let at = start + 1;
  if (bytes[at] === close) {
    return at + 1;
  }
  for (;;) {
    const end = item(bytes, at, levels - 1, member);
    if (end === -1) {
      return -1;
    }
    if (bytes[end] === close) {
      return end + 1;
    }
    if (bytes[end] !== COMMA) {
      return -1;
    }
    at = end + 1;
  }
}

/** The end of the string starting at `start` (a quote), or -1 (a control character, a bad escape, no closing quote). */
function stringEnd(bytes: Buffer, start: number): number {
  const length = bytes.length;
  for (let at = start + 1; at < length; at++) {
    const byte = bytes[at]!;
    if (byte === QUOTE) {
      return at + 1;
    }
    if (byte < 0x20) {
      return -1;
    }
    if (byte === BACKSLASH) {
      const escaped = bytes[++at];
      if (escaped === U) {
        if (!(isHex(bytes[at + 1]) && isHex(bytes[at + 2]) && isHex(bytes[at + 3]) && isHex(bytes[at + 4]))) {
          return -1;
        }
        at += 4;
      } else if (escaped === undefined || !SHORT_ESCAPES.has(escaped)) {
        return -1;
      }
    }
  }
  return -1;
}

/** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
function numberEnd(bytes: Buffer, start: number): number {
  let at = start;
  if (bytes[at] === MINUS) {
    at++;
  }
  if (bytes[at] === ZERO) {
    at++;
  } else if (isDigit(bytes[at])) {
    at = digitsEnd(bytes, at);
  } else {
    return -1;
  }
  if (bytes[at] === DOT) {
    if (!isDigit(bytes[at + 1])) {
      return -1;
    }
    at = digitsEnd(bytes, at + 1);
  }
  if (bytes[at] === 0x65 || bytes[at] === 0x45) {
    at++;
    if (bytes[at] === PLUS || bytes[at] === MINUS) {
      at++;
    }
    if (!isDigit(bytes[at])) {
      return -1;
    }
    at = digitsEnd(bytes, at);
  }
  return at;
}

function digitsEnd(bytes: Buffer, start: number): number {
  let at = start;
  while (isDigit(bytes[at])) {
    at++;
  }
  return at;
}

function literalEnd(bytes: Buffer, start: number): number {
  for (const word of LITERALS) {
    if (word.every((byte, index) => bytes[start + index] === byte)) {
      return start + word.length;
    }
  }
  return -1;
}
