import { describe, expect, it } from 'vitest';
import { wholeCellIds } from './edit-refs.js';

const ids = ['abcd1234-x', 'abcd1234-y', 'f00dbeef-0', 'f00d'];

describe('wholeCellIds', () => {
  it("takes an add's key of the call first, then a whole id, then a start one id alone has", () => {
    const edits = [
      { op: 'add', key: 'abcd1234-x', before: 'f00dbeef' },
      { op: 'set_source', cellId: 'abcd1234-x', content: 'the key' },
      { op: 'move', cellId: 'abcd1234-y', after: 'f00d' },
      { op: 'delete', cellId: 'f00db' },
      { op: 'delete', cellId: 'nothing' }
    ] as const;
    expect(wholeCellIds(edits, ids)).toEqual({
      edits: [
        { op: 'add', key: 'abcd1234-x', before: 'f00dbeef-0' },
        { op: 'set_source', cellId: 'abcd1234-x', content: 'the key' },
        { op: 'move', cellId: 'abcd1234-y', after: 'f00d' },
        { op: 'delete', cellId: 'f00dbeef-0' },
        { op: 'delete', cellId: 'nothing' }
      ]
    });
  });

  it('refuses the edit that gives a start several ids share', () => {
    const edits = [
      { op: 'add', content: 'x' },
      { op: 'add', after: 'abcd1234' }
    ] as const;
    expect(wholeCellIds(edits, ids)).toEqual({
      refused: {
        code: 'bad_input',
        edit: 1,
        op: 'add',
        reason: `"abcd1234" is the start of 2 cells' ids ("abcd1234-x", "abcd1234-y"): give more of the id.`
      }
    });
  });
});
