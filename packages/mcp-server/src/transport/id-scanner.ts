/**
 * Finds the top-level "id" of a JSON-RPC message fed to it in pieces, without
 * holding the message: how a request too big to read is still answered.
 * Clients put the id anywhere (the SDK's own client writes it last, after the
 * params), so every byte goes through a small JSON tokenizer that follows
 * strings and nesting and keeps only the keys and the id at depth 1. JSON's
 * structural characters are ASCII and never part of a UTF-8 sequence, so
 * bytes will do. Pure.
 */
export type RequestId = string | number;

/** Longer ids are not worth keeping: no client makes them. */
const MAX_ID_BYTES = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NUMBER_BYTES = new Set([...'0123456789+-.eE'].map((c) => c.charCodeAt(0)));
const NUMBER_START = new Set([...'0123456789-'].map((c) => c.charCodeAt(0)));

/**
 * Where the tokenizer is at depth 1 of the top-level object; undefined after a value (until a
 * comma), inside a nested value and in an array. Only depth 1 sets it: at depth 2 and below it
 * stays undefined, so nothing there is a key; after the object ends a key or colon may still be
 * read, but no value there is the id (isIdValue checks the depth) and the next { starts afresh.
 */
type Expecting = 'key' | 'colon' | 'value';

export class IdScanner {
  /** The last top-level "id" seen so far, if it was a string or a number. */
  id: RequestId | undefined;

  private depth = 0;
  private inString = false;
  private escaped = false;
  private expecting: Expecting | undefined;
  /** Whether the top-level value is an object: in an array (a batch) nothing is a key. */
  private inObject?: boolean;
  // Stryker disable next-line BooleanLiteral: read only once a key has set it (a value at depth 1 follows a key).
  private afterIdKey = false;
  /** What the text being gathered is: a key at depth 1, or the id's value. */
  private gathering: 'key' | 'id-string' | 'id-number' | undefined;
  // Stryker disable next-line ArrayDeclaration: read only once a string or number has set it.
  private text: number[] = [];

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) {
      this.step(byte);
    }
  }

  private step(byte: number): void {
    if (this.inString) {
      this.stringByte(byte);
      return;
    }
    if (this.gathering === 'id-number') {
      if (NUMBER_BYTES.has(byte)) {
        this.gather(byte);
        return;
      }
      this.endNumber();
    }
    switch (byte) {
      case QUOTE:
        this.inString = true;
        this.gathering = this.expecting === 'key' ? 'key' : this.isIdValue() ? 'id-string' : undefined;
        this.text = [];
        return;
      case 0x7b: // {
      case 0x5b: // [
        // The top-level value, or one nested in it: after that nothing at depth 1 is a key until a comma.
        this.depth++;
        if (this.depth === 1) {
          this.inObject = byte === 0x7b;
        }
        this.expecting = this.depth === 1 && this.inObject ? 'key' : undefined;
        return;
      case 0x7d: // }
      case 0x5d: // ]
        this.depth--;
        return;
      case 0x3a: // :
        if (this.expecting === 'colon') {
          this.expecting = 'value';
        }
        return;
      case 0x2c: // ,
        if (this.depth === 1 && this.inObject) {
          this.expecting = 'key';
        }
        return;
      default:
        if (NUMBER_START.has(byte) && this.isIdValue()) {
          this.gathering = 'id-number';
          this.text = [byte];
        }
    }
  }

  private stringByte(byte: number): void {
    if (this.escaped) {
      this.escaped = false;
    } else if (byte === BACKSLASH) {
      this.escaped = true;
    } else if (byte === QUOTE) {
      this.inString = false;
      this.endString();
      return;
    }
    this.gather(byte);
  }

  private isIdValue(): boolean {
    return this.depth === 1 && this.expecting === 'value' && this.afterIdKey;
  }

  private gather(byte: number): void {
    if (this.gathering && this.text.length <= MAX_ID_BYTES) {
      this.text.push(byte);
    }
  }

  private endString(): void {
    if (this.gathering === 'key') {
      // As JSON reads it: "\u0069d" is "id" too.
      this.afterIdKey = this.parsed(`"${this.gathered()}"`) === 'id';
      this.expecting = 'colon';
    } else if (this.gathering === 'id-string') {
      this.id = this.parsed(`"${this.gathered()}"`);
      this.expecting = undefined;
    }
    this.gathering = undefined;
  }

  private endNumber(): void {
    this.id = this.parsed(this.gathered());
    this.expecting = undefined;
    this.gathering = undefined;
  }

  private gathered(): string {
    return Buffer.from(this.text).toString('utf8');
  }

  /**
   * The gathered string (quoted again) or number as JSON reads it, if it is not cut short;
   * only a string or a number can come of it: what was gathered is one or not JSON.
   */
  private parsed(json: string): RequestId | undefined {
    let value: RequestId | undefined;
    if (this.text.length <= MAX_ID_BYTES) {
      try {
        value = JSON.parse(json) as RequestId;
      } catch {
        // Not JSON (a bad escape, a lone "-"): no id.
      }
    }
    return value;
  }
}
