import { describe, expect, it } from 'vitest';
import { closestWord } from './did-you-mean.js';

describe('closestWord', () => {
  const flags = ['port', 'http', 'data-dir', 'settings-dir', 'log-level', 'headless', 'open'];

  it('finds the word a slip was meant to be: a swap, a missing, an extra or a changed letter', () => {
    expect(closestWord('prot', flags)).toBe('port');
    expect(closestWord('data-di', flags)).toBe('data-dir');
    expect(closestWord('headlesss', flags)).toBe('headless');
    expect(closestWord('log-levle', flags)).toBe('log-level');
    expect(closestWord('Port', flags)).toBe('port');
  });

  it('suggests nothing for a word that is not a slip of a known one', () => {
    expect(closestWord('verbose', flags)).toBeUndefined();
    expect(closestWord('x', flags)).toBeUndefined();
    expect(closestWord('ip', flags)).toBeUndefined();
  });

  it('takes the nearest of several', () => {
    expect(closestWord('tokn', ['token', 'lite', 'install'])).toBe('token');
  });
});
