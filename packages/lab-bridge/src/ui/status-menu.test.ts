import { describe, expect, it } from 'vitest';
import { openStatusMenu } from './status-menu.js';

/** A person who clicks `clicks` in turn, and connections that record what they are asked. */
function setup(clicks: string[], disconnected = false, changes = false) {
  const done: string[] = [];
  const shown: string[][] = [];
  const person = {
    paused: false,
    choose: async (_title: string, _body: string, buttons: [string, ...string[]]) => {
      shown.push(buttons);
      return clicks.shift()!;
    }
  };
  const connections = { disconnected, disconnect: () => done.push('disconnect'), reconnect: () => done.push('reconnect') };
  const open = () => openStatusMenu(person, connections, () => done.push('refresh'), changes ? () => done.push('show changes') : undefined);
  return { person, done, shown, open };
}

describe('openStatusMenu', () => {
  it('pauses and resumes agent control', async () => {
    const s = setup(['Pause agent', 'Resume agent']);
    await s.open();
    expect(s.person.paused).toBe(true);
    await s.open();
    expect(s.person.paused).toBe(false);
    expect(s.shown).toEqual([
      ['Close', 'Disconnect', 'Pause agent'],
      ['Close', 'Disconnect', 'Resume agent']
    ]);
    expect(s.done).toEqual(['refresh', 'refresh']);
  });

  it('disconnects, and offers to reconnect once disconnected', async () => {
    const s = setup(['Disconnect']);
    await s.open();
    expect(s.done).toEqual(['disconnect', 'refresh']);
    const d = setup(['Reconnect'], true);
    await d.open();
    expect(d.shown).toEqual([['Close', 'Reconnect']]);
    expect(d.done).toEqual(['reconnect']);
  });

  it('changes nothing on Close', async () => {
    const s = setup(['Close']);
    await s.open();
    expect(s.person.paused).toBe(false);
    expect(s.done).toEqual(['refresh']);
  });

  it('opens the Agent changes panel where the page has one, connected or not', async () => {
    const s = setup(['Agent changes'], false, true);
    await s.open();
    expect(s.shown).toEqual([['Close', 'Agent changes', 'Disconnect', 'Pause agent']]);
    expect(s.done).toEqual(['show changes', 'refresh']);
    const d = setup(['Agent changes'], true, true);
    await d.open();
    expect(d.shown).toEqual([['Close', 'Agent changes', 'Reconnect']]);
    expect(d.done).toEqual(['show changes']);
  });
});
