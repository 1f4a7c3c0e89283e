import { describe, expect, it } from 'vitest';
import { readSettings } from '../settings/bridge-settings.js';
import { DAMAGED_LINK_ALERT, LinkPairing, PAIRING_STORAGE_KEY } from './link-pairing.js';

const TOKEN = 'c'.repeat(64);

function page(href: string, stored?: string) {
  const url = new URL(href);
  const items = new Map<string, string>(stored ? [[PAIRING_STORAGE_KEY, stored]] : []);
  const addressBar: string[] = [];
  const told: string[] = [];
  const pairing = new LinkPairing(
    {
      location: { hash: url.hash, href: url.href },
      history: { state: { x: 1 }, replaceState: (_state, _unused, next) => addressBar.push(String(next)) },
      storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, value) }
    },
    { alert: (message) => told.push(`alert ${message}`), inform: (message) => told.push(`inform ${message}`) }
  );
  return { pairing, items, addressBar, told };
}

describe('pairing by link', () => {
  it('takes the link out of the address bar at once and connects with it, to loopback only', () => {
    const { pairing, addressBar, items } = page(`https://hub.example.org/user/ann/lab?x=1#jupyter-live-mcp-pair=9100:${TOKEN}`);
    expect(addressBar).toEqual(['https://hub.example.org/user/ann/lab?x=1']);
    const settings = pairing.applyTo(readSettings({ token: 'a'.repeat(64), serverUrls: ['ws://127.0.0.1:8767'], maxImageSide: 64 }));
    expect(settings).toMatchObject({ token: TOKEN, serverUrls: ['ws://127.0.0.1:9100'], maxImageSide: 64 });
    expect(pairing.inUse).toBe(true);
    expect(items.size).toBe(0);
  });

  it('keeps it only once its server welcomed the page, and from then on without the link', () => {
    const first = page(`https://hub.example.org/lab#jupyter-live-mcp-pair=9100:${TOKEN}`);
    first.pairing.welcomed('ws://127.0.0.1:8767');
    expect(first.items.size).toBe(0);
    first.pairing.welcomed('ws://127.0.0.1:9100');
    expect(first.items.get(PAIRING_STORAGE_KEY)).toBe(`9100:${TOKEN}`);
    expect(first.told).toEqual([
      'inform Agent bridge: paired with the agent on this computer (port 9100). This browser keeps the pairing.'
    ]);
    first.pairing.welcomed('ws://127.0.0.1:9100');
    expect(first.told).toHaveLength(1);

    const reloaded = page('https://hub.example.org/lab', `9100:${TOKEN}`);
    expect(reloaded.addressBar).toEqual([]);
    expect(reloaded.pairing.applyTo(readSettings({}))).toMatchObject({ token: TOKEN, serverUrls: ['ws://127.0.0.1:9100'] });
  });

  it('tries a new link over a kept pairing, which stays kept until the new one works', () => {
    const other = 'd'.repeat(64);
    const { pairing, items } = page(`https://hub.example.org/lab#jupyter-live-mcp-pair=9200:${other}`, `9100:${TOKEN}`);
    expect(pairing.applyTo(readSettings({}))).toMatchObject({ token: other, serverUrls: ['ws://127.0.0.1:9200'] });
    expect(items.get(PAIRING_STORAGE_KEY)).toBe(`9100:${TOKEN}`);
  });

  it('leaves a page without a link, or with a damaged kept value, to its settings', () => {
    for (const stored of [undefined, 'garbage', `99999:${TOKEN}`]) {
      const { pairing } = page('https://hub.example.org/lab#section', stored);
      const settings = readSettings({ token: 'a'.repeat(64) });
      expect(pairing.applyTo(settings)).toBe(settings);
      expect(pairing.inUse).toBe(false);
    }
  });

  it('says so of a damaged link, and still takes it out of the address bar', () => {
    const { pairing, addressBar, told } = page('https://hub.example.org/lab#a&jupyter-live-mcp-pair=9100:abc');
    expect(addressBar).toEqual(['https://hub.example.org/lab#a']);
    expect(told).toEqual([`alert ${DAMAGED_LINK_ALERT}`]);
    expect(DAMAGED_LINK_ALERT.length).toBeLessThanOrEqual(140);
    expect(pairing.inUse).toBe(false);
  });
});
