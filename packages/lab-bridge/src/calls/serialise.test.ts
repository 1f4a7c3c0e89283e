import { describe, expect, it } from 'vitest';
import { isWidget, toJsonValue } from './serialise.js';

const widget = (fields: Record<string, unknown> = {}) => ({
  id: 'w1',
  isDisposed: false,
  node: {},
  title: { label: 'Untitled.ipynb' },
  ...fields
});

describe('toJsonValue', () => {
  it('keeps plain JSON as it is', () => {
    const value = { a: [1, 'two', true, null], b: { c: 3.5 } };
    expect(toJsonValue(value)).toEqual(value);
  });

  it('describes a widget by type, id and title, and a disposed one as disposed', () => {
    expect(toJsonValue(widget())).toEqual({ type: 'widget', id: 'w1', title: 'Untitled.ipynb' });
    expect(toJsonValue(widget({ isDisposed: true }))).toEqual({ type: 'widget', disposed: true });
    const notebook = widget({ context: { path: 'a.ipynb' }, content: { model: { cells: [] } } });
    expect(toJsonValue({ panel: notebook })).toEqual({ panel: { type: 'notebook', id: 'w1', title: 'Untitled.ipynb' } });
  });

  it('turns Map and Set into arrays, errors into name and message, bigint into a string', () => {
    expect(toJsonValue(new Map([['k', new Set([1, 2])]]))).toEqual([['k', [1, 2]]]);
    expect(toJsonValue(new TypeError('bad'))).toEqual({ name: 'TypeError', message: 'bad' });
    expect(toJsonValue({ n: 2n ** 70n })).toEqual({ n: '1180591620717411303424' });
  });

  it('drops functions and undefined, and keeps array positions with null', () => {
    expect(toJsonValue({ f: () => 1, u: undefined, s: Symbol('s'), keep: 1 })).toStrictEqual({ keep: 1 });
    expect(toJsonValue([Symbol('s')])).toEqual([null]);
    expect(toJsonValue([1, undefined, () => 2])).toEqual([1, null, null]);
    expect(toJsonValue(undefined)).toBeUndefined();
  });

  it('writes cycles as "[circular]" but repeats a shared object', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const shared = { x: 1 };
    expect(toJsonValue({ a, one: shared, two: shared })).toEqual({
      a: { name: 'a', self: '[circular]' },
      one: { x: 1 },
      two: { x: 1 }
    });
  });

  it('caps the depth', () => {
    const deep = { l1: { l2: { l3: { l4: 'bottom' } } } };
    expect(toJsonValue(deep, 2)).toEqual({ l1: { l2: '[depth limit]' } });
    expect(toJsonValue([[[1]]], 2)).toEqual([['[depth limit]']]);
    expect(toJsonValue(new Map([[{ k: 1 }, [1]]]), 1)).toEqual([['[depth limit]', '[depth limit]']]);
  });

  it('takes for a widget only an object with all of its shape: a missing or mistyped part leaves a plain object', () => {
    expect(isWidget(widget())).toBe(true);
    const nearMisses = [
      widget({ isDisposed: 'no' }),
      widget({ id: 5 }),
      widget({ title: 'Untitled.ipynb' }),
      widget({ title: null }),
      (({ node, ...rest }) => rest)(widget())
    ];
    for (const value of nearMisses) {
      expect(isWidget(value), JSON.stringify(value)).toBe(false);
    }
    expect(isWidget(null)).toBe(false);
    expect(isWidget('w1')).toBe(false);
    expect(toJsonValue(widget({ id: 5 }))).toEqual({ id: 5, isDisposed: false, node: {}, title: { label: 'Untitled.ipynb' } });
  });

  it('keeps non-finite numbers readable instead of null', () => {
    expect(toJsonValue([NaN, Infinity])).toEqual(['NaN', 'Infinity']);
  });

  it('survives a getter that throws', () => {
    const value = Object.defineProperty({}, 'bad', {
      enumerable: true,
      get: () => {
        throw new Error('nope');
      }
    });
    expect(toJsonValue(value)).toEqual({ bad: '[unreadable: nope]' });
  });

  it('always produces something JSON.stringify can write and parse back', () => {
    const a: Record<string, unknown> = { when: new Date(0), w: widget() };
    a.loop = [a];
    const text = JSON.stringify(toJsonValue(a));
    expect(JSON.parse(text)).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      w: { type: 'widget', id: 'w1', title: 'Untitled.ipynb' },
      loop: ['[circular]']
    });
  });
});
