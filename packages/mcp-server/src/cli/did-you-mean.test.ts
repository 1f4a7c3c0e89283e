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

  it('takes the nearest of several, the first listed of equally near ones', () => {
    expect(closestWord('tokn', ['token', 'lite', 'install'])).toBe('token');
    // 'headers' is two edits away, 'headless' one, whichever comes first.
    expect(closestWord('headles', ['headless', 'headers'])).toBe('headless');
    expect(closestWord('headles', ['headers', 'headless'])).toBe('headless');
    expect(closestWord('poet', ['port', 'post'])).toBe('port');
    expect(closestWord('poet', ['post', 'port'])).toBe('post');
  });

  it('suggests for two edits but not three, and only while fewer than half the letters changed', () => {
    expect(closestWord('settigns-di', flags)).toBe('settings-dir');
    expect(closestWord('my-port', flags)).toBeUndefined();
    expect(closestWord('level', flags)).toBeUndefined();
    expect(closestWord('ehdalses', flags)).toBeUndefined();
    // Half of a word changed is another word: 'poxx' is not 'port', 'op' not 'po'.
    expect(closestWord('poxx', flags)).toBeUndefined();
    expect(closestWord('pot', flags)).toBe('port');
    expect(closestWord('op', ['po'])).toBeUndefined();
    expect(closestWord('opx', ['pox'])).toBe('pox');
  });
});
