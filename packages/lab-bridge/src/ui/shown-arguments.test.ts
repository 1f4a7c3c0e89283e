import { describe, expect, it } from 'vitest';
import { lengthNote, shownArguments, visiblePieces } from './shown-arguments.js';

/** The pieces as one string, each mark in ⟦ ⟧. */
const shown = (text: string) =>
  visiblePieces(text)
    .map((piece) => ('text' in piece ? piece.text : `⟦${piece.mark}⟧`))
    .join('');

describe('visiblePieces', () => {
  it('shows code as it is: indentation, a few blank lines and tabs stay', () => {
    const code = 'def f():\n\tif x:\n        return 1\n\n\nprint(f())  # done';
    expect(visiblePieces(code)).toEqual([{ text: code }]);
  });

  it('shows a long run of spaces as a mark, so that what follows it is in sight', () => {
    const code = `print("hello")${' '.repeat(700)}; import os; os.remove("data.csv")`;
    expect(shown(code)).toBe('print("hello")⟦700 spaces⟧; import os; os.remove("data.csv")');
    expect(shown(`a${' \t'.repeat(20)}b`)).toBe('a⟦20 spaces and 20 tabs⟧b');
  });

  it('shows many empty lines as one mark between the lines around them', () => {
    expect(shown(`print(1)\n${'\n'.repeat(300)}payload()`)).toBe('print(1)\n⟦300 empty lines⟧\npayload()');
    expect(shown('a\n  \n\t\n \nb')).toBe('a\n⟦3 empty lines⟧\nb');
  });

  it('marks a run of blanks only past 32 characters, counting spaces and tabs each in the singular or plural', () => {
    expect(shown(`a${' '.repeat(32)}b`)).toBe(`a${' '.repeat(32)}b`);
    expect(shown(`a${'\t'.repeat(33)}b`)).toBe('a⟦33 tabs⟧b');
    expect(shown(`a ${'\t'.repeat(32)}b`)).toBe('a⟦1 space and 32 tabs⟧b');
  });

  it('gives the text between marks as whole pieces, no empty one, the line ends around empty lines joined to their lines', () => {
    expect(visiblePieces('\u200b')).toEqual([{ mark: 'U+200B' }]);
    expect(visiblePieces('a\u200b\u200cb')).toEqual([{ text: 'a' }, { mark: 'U+200B' }, { mark: 'U+200C' }, { text: 'b' }]);
    expect(visiblePieces(`print(1)\n${'\n'.repeat(5)}payload()`)).toEqual([
      { text: 'print(1)\n' },
      { mark: '5 empty lines' },
      { text: '\npayload()' }
    ]);
  });

  it('names each character that takes no room, reorders the text or passes for a space', () => {
    expect(shown('ok\u200b = 1')).toBe('ok⟦U+200B⟧ = 1');
    expect(shown('x = "\u202eevil\u202c"')).toBe('x = "⟦U+202E⟧evil⟦U+202C⟧"');
    expect(shown('a\rb\u00a0c\ufeffd\u0000')).toBe('a⟦U+000D⟧b⟦U+00A0⟧c⟦U+FEFF⟧d⟦U+0000⟧');
  });
});

describe('shownArguments', () => {
  it('gives each argument whole: a string as its text, anything else as JSON, with its length', () => {
    const code = `x = 1\n${'y = 2\n'.repeat(500)}`;
    const [first, second] = shownArguments({ code, cellIds: ['a', 'b'] });
    expect(first).toEqual({ name: 'code', pieces: [{ text: code }], characters: code.length, lines: 502 });
    expect(second).toMatchObject({ name: 'cellIds', pieces: [{ text: '[\n  "a",\n  "b"\n]' }], lines: 4 });
  });

  it('says how much there is', () => {
    expect(lengthNote(shownArguments({ code: 'print(1)\nprint(2)', kernelId: 'k' }))).toBe(
      '2 arguments, 18 characters in 3 lines, all shown below.'
    );
    expect(lengthNote(shownArguments({}))).toBe('No arguments.');
  });
});
