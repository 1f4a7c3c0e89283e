import { describe, expect, it } from 'vitest';
import { flagEntries } from './flag-docs.js';
import { USAGE } from './usage.js';

describe('--help', () => {
  it('lists every flag once, with its value, whose it is and its default', () => {
    for (const flag of flagEntries()) {
      expect(USAGE.match(new RegExp(`^ {2}(-\\w, )?--${flag.name}\\b`, 'gm')), flag.name).toHaveLength(1);
    }
    expect(USAGE).toMatch(/^ {2}--port <n> {13}the bridge endpoint port/m);
    expect(USAGE).toMatch(/^ {2}--lite-port <n> {8}lite: the page's port .*\n.*; default 8768$/m);
    expect(USAGE).toMatch(/^ {2}--data-dir <dir> {7}install, uninstall, doctor: /m);
    expect(USAGE).toMatch(/^ {2}-h, --help {13}show this help$/m);
  });

  it('wraps the options within 96 columns', () => {
    expect(
      USAGE.slice(USAGE.indexOf('Options:'))
        .split('\n')
        .filter((line) => line.length > 96)
    ).toEqual([]);
  });
});
