import { describe, expect, it } from 'vitest';
import { findCellId, sharedStartMessage, shortCellIds } from './cell-ids.js';

const uuid = (start: string) => `${start}-0a1b-4c2d-8e3f-${'0'.repeat(12)}`;

describe('shortCellIds', () => {
  it('shows a UUID as its first 8 characters when no other id starts with them', () => {
    const ids = [uuid('3f2a9c1e'), uuid('b71d0e44')];
    expect([...shortCellIds(ids).values()]).toEqual(['3f2a9c1e', 'b71d0e44']);
  });

  it('shows ids that share 8 or more characters to one past what they share, and every shown id starts one cell only', () => {
    const ids = ['abcd1234-x', 'abcd1234-y', 'abcd1234zz-1', uuid('0000ffff')];
    const shown = shortCellIds(ids);
    expect(Object.fromEntries(shown)).toEqual({
      'abcd1234-x': 'abcd1234-x',
      'abcd1234-y': 'abcd1234-y',
      'abcd1234zz-1': 'abcd1234z',
      [uuid('0000ffff')]: '0000ffff'
    });
    for (const [id, short] of shown) {
      expect(ids.filter((other) => other.startsWith(short))).toEqual([id]);
    }
  });

  it('shows ids of 8 characters or fewer whole', () => {
    expect(Object.fromEntries(shortCellIds(['a', 'cell-1', 'abcdefgh']))).toEqual({ a: 'a', 'cell-1': 'cell-1', abcdefgh: 'abcdefgh' });
  });

  it('shows an id that another starts with whole, and the other one past the first', () => {
    expect(Object.fromEntries(shortCellIds(['abcdefghij', 'abcdefghijkl', 'abcdefgh']))).toEqual({
      abcdefghij: 'abcdefghij',
      abcdefghijkl: 'abcdefghijk',
      abcdefgh: 'abcdefgh'
    });
  });
});

describe('shortCellIds on the ids of notebooks being worked on', () => {
  it('works the ids out once while a notebook keeps them, and again once they change', () => {
    const ids = [uuid('3f2a9c1e'), uuid('b71d0e44')];
    const shown = shortCellIds(ids);
    expect(shortCellIds([...ids])).toBe(shown);
    const added = [...ids, uuid('3f2a9c1f')];
    expect(Object.fromEntries(shortCellIds(added))).toEqual({
      [ids[0]!]: '3f2a9c1e',
      [ids[1]!]: 'b71d0e44',
      [added[2]!]: '3f2a9c1f'
    });
    expect(Object.fromEntries(shortCellIds(['abcd1234-x', 'abcd1234-y']))).toEqual({
      'abcd1234-x': 'abcd1234-x',
      'abcd1234-y': 'abcd1234-y'
    });
  });

  it('answers right for any number of notebooks worked on in turn', () => {
    const notebooks = Array.from({ length: 9 }, (_, n) => [uuid(`0000000${n}`), `${uuid(`0000000${n}`)}-copy`]);
    for (const round of [1, 2]) {
      for (const [n, ids] of notebooks.entries()) {
        expect([...shortCellIds(ids).values()], `notebook ${n}, round ${round}`).toEqual([ids[0], `${ids[0]}-`]);
      }
    }
  });
});

describe('findCellId', () => {
  const ids = ['abcd1234-x', 'abcd1234-y', uuid('3f2a9c1e'), 'abcd'];

  it('takes a whole id before a start of others', () => {
    expect(findCellId(ids, 'abcd')).toEqual({ id: 'abcd' });
    expect(findCellId(ids, uuid('3f2a9c1e'))).toEqual({ id: uuid('3f2a9c1e') });
  });

  it('takes a start of 4 or more characters that one id alone has', () => {
    expect(findCellId(ids, '3f2a9c1e')).toEqual({ id: uuid('3f2a9c1e') });
    expect(findCellId(ids, '3f2a')).toEqual({ id: uuid('3f2a9c1e') });
    expect(findCellId(ids, 'abcd1234-y')).toEqual({ id: 'abcd1234-y' });
  });

  it('names the cells a shared start fits, and finds nothing for a shorter start or none', () => {
    expect(findCellId(ids, 'abcd1234')).toEqual({ among: ['abcd1234-x', 'abcd1234-y'] });
    expect(findCellId(ids, '3f2')).toBeUndefined();
    expect(findCellId(ids, 'ffff0000')).toBeUndefined();
    expect(sharedStartMessage('abcd1234', ['abcd1234-x', 'abcd1234-y'])).toBe(
      `"abcd1234" is the start of 2 cells' ids ("abcd1234-x", "abcd1234-y"): give more of the id.`
    );
  });
});
