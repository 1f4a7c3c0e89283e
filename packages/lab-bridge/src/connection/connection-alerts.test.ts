import { describe, expect, it } from 'vitest';
import { ConnectionAlerts } from './connection-alerts.js';

describe('ConnectionAlerts', () => {
  it('shows a notification and writes a console warning once while their cause lasts, again after a connection worked', () => {
    const shown: string[] = [];
    const written: string[] = [];
    const alerts = new ConnectionAlerts((message) => shown.push(message));
    const write = (text: string) => written.push(text);
    // A refused server is retried every second or two, each try ending the same way.
    for (let attempt = 0; attempt < 5; attempt++) {
      alerts.alert('ws://a', 'Refused ws://a');
      alerts.warn('ws://a', 'refused ws://a: it could not prove the pairing token', write);
    }
    alerts.warn('ws://b', 'refused ws://a: it could not prove the pairing token', write);
    expect(shown).toEqual(['Refused ws://a']);
    expect(written).toEqual([
      'refused ws://a: it could not prove the pairing token',
      'refused ws://a: it could not prove the pairing token'
    ]);
    alerts.connected('ws://a');
    alerts.warn('ws://a', 'refused ws://a: it could not prove the pairing token', write);
    expect(written).toHaveLength(3);
  });
});
