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

/** Where the tokenizer is at depth 1 of the top-level object. */
type Expecting = 'key' | 'colon' | 'value' | 'nothing';

export class IdScanner {
  /** The last top-level "id" seen so far, if it was a string or a number. */
  id: RequestId | undefined;

  private depth = 0;
  private inString = false;
  private escaped = false;
  private expecting: Expecting = 'nothing';
  private afterIdKey = false;
  /** What the text being gathered is: a key at depth 1, or the id's value. */
  private gathering: 'key' | 'id-string' | 'id-number' | undefined;
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
        this.gathering = this.depth !== 1 ? undefined : this.expecting === 'key' ? 'key' : this.isIdValue() ? 'id-string' : undefined;
        this.text = [];
        return;
      case 0x7b: // {
      case 0x5b: // [
        if (this.depth === 1 && this.expecting === 'value') {
          this.expecting = 'nothing';
        }
        this.depth++;
        if (this.depth === 1 && byte === 0x7b) {
          this.expecting = 'key';
        }
        return;
      case 0x7d: // }
      case 0x5d: // ]
        this.depth--;
        return;
      case 0x3a: // :
        if (this.depth === 1 && this.expecting === 'colon') {
          this.expecting = 'value';
        }
        return;
      case 0x2c: // ,
        if (this.depth === 1) {
          this.expecting = 'key';
          this.afterIdKey = false;
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
      this.afterIdKey = this.textIs('id');
      this.expecting = 'colon';
    } else if (this.gathering === 'id-string') {
      this.id = this.parsed(
        (text) => `"${text}"`,
        (value) => typeof value === 'string'
      );
      this.expecting = 'nothing';
    } else if (this.depth === 1 && this.expecting === 'value') {
      this.expecting = 'nothing';
    }
    this.gathering = undefined;
  }

  private endNumber(): void {
    this.id = this.parsed(
      (text) => text,
      (value) => typeof value === 'number'
    );
    this.expecting = 'nothing';
    this.gathering = undefined;
  }

  private textIs(word: string): boolean {
    return this.text.length === word.length && String.fromCharCode(...this.text) === word;
  }

  /** The gathered text as JSON, if it is one of an id's kinds and not cut short. */
  private parsed(asJson: (text: string) => string, isId: (value: unknown) => boolean): RequestId | undefined {
    if (this.text.length > MAX_ID_BYTES) {
      return undefined;
    }
    try {
      const value: unknown = JSON.parse(asJson(Buffer.from(this.text).toString('utf8')));
      return isId(value) ? (value as RequestId) : undefined;
    } catch {
      return undefined;
    }
  }
}
