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

  it('starts with the usage lines and the commands, and puts a flag too long for its column on a line of its own', () => {
    expect(USAGE).toMatch(/^Usage: jupyter-live-mcp \[options\]\n {7}jupyter-live-mcp lite /);
    expect(USAGE).toContain('\nCommands:\n  lite ');
    expect(USAGE).toMatch(/^ {2}--heartbeat-seconds <n>\n {25}how often each page is pinged;/m);
    // Every line of an option's text after its first is indented to the text's column.
    const options = USAGE.slice(USAGE.indexOf('Options:\n') + 'Options:\n'.length)
      .trimEnd()
      .split('\n');
    for (const line of options) {
      expect(line).toMatch(/^( {2}-| {25}\S)/);
    }
  });

  it('wraps the options within 96 columns', () => {
    expect(
      USAGE.slice(USAGE.indexOf('Options:'))
        .split('\n')
        .filter((line) => line.length > 96)
    ).toEqual([]);
    // And fills them: a line of an option's text is followed by one whose first word would not have fitted on it.
    const lines = USAGE.slice(USAGE.indexOf('Options:\n')).split('\n');
    const indent = ' '.repeat(25);
    for (const [at, line] of lines.entries()) {
      const next = lines[at + 1];
      if (line.startsWith(indent) && next?.startsWith(indent)) {
        expect(line.length + 1 + next.trim().split(' ')[0]!.length, line).toBeGreaterThan(96);
      }
    }
  });
});
