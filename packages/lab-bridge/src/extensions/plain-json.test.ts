import { describe, expect, it } from 'vitest';
import { notPlainJson } from './plain-json.js';

describe('notPlainJson', () => {
  it('passes plain JSON, shared (not circular) references included', () => {
    const shared = { a: 1 };
    expect(notPlainJson({ s: 'x', n: 1.5, b: false, z: null, list: [shared, shared], nested: { empty: {} } })).toBeUndefined();
    expect(notPlainJson(null)).toBeUndefined();
    expect(notPlainJson(Object.create(null))).toBeUndefined();
  });

  it('says where and what the first value is that is not', () => {
    const cycle: Record<string, unknown> = { a: [1] };
    (cycle.a as unknown[]).push(cycle);
    expect(notPlainJson(undefined)).toBe('result: undefined (return null for no value)');
    expect(notPlainJson({ f: () => 1 })).toBe('result.f: a function');
    expect(notPlainJson({ big: 10n })).toMatch(/^result\.big: a BigInt/);
    expect(notPlainJson([1, Number.NaN])).toMatch(/^result\[1\]: NaN/);
    expect(notPlainJson(cycle)).toBe('result.a[1]: a cycle (it contains itself)');
    expect(notPlainJson({ when: new Date(0) })).toMatch(/^result\.when: a Date /);
    expect(notPlainJson({ m: new Map() })).toMatch(/^result\.m: a Map /);
    expect(notPlainJson({ x: Symbol('s') }, 'input')).toBe('input.x: a symbol');
  });

  it('names the first bad value in order, and the BigInt and a class without a constructor name as they are', () => {
    expect(notPlainJson({ a: 1, b: () => 1, c: Symbol('s') })).toBe('result.b: a function');
    expect(notPlainJson([0, [undefined], () => 1])).toBe('result[1][0]: undefined (return null for no value)');
    expect(notPlainJson({ big: 10n })).toBe('result.big: a BigInt (give it as a string or a number)');
    const nameless = Object.create(Object.create(null, { constructor: { value: undefined } }));
    expect(notPlainJson({ v: nameless })).toBe(
      'result.v: a class instance (only plain objects, arrays, strings, numbers, booleans and null)'
    );
  });

  it('cuts a long path to its first and last 100 characters, and keeps one of 200 whole', () => {
    const key = (length: number) => 'k'.repeat(length - 'result.'.length);
    expect(notPlainJson({ [key(200)]: undefined })).toBe(`result.${key(200)}: undefined (return null for no value)`);
    const long = `result.${key(250)}`;
    expect(notPlainJson({ [key(250)]: undefined })).toBe(`${long.slice(0, 100)}…${long.slice(-100)}: undefined (return null for no value)`);
  });

  it('copes with any depth', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(notPlainJson(deep)).toBeUndefined();
  });
});
