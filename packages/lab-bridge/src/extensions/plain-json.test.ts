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

  it('copes with any depth', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(notPlainJson(deep)).toBeUndefined();
  });
});
