import { describe, expect, it } from 'vitest';
import { readSettings } from '../settings/bridge-settings.js';
import { BLOCKED_ALERT } from './browser-block.js';
import { Connections, NO_TOKEN_ALERT, type Connection } from './connections.js';
import { LinkPairing, PAIRING_STORAGE_KEY } from './link-pairing.js';
import type { ConnectionHooks } from './server-connection.js';

const TOKEN = 'a'.repeat(64);

function setup() {
  const events: string[] = [];
  const alerts: string[] = [];
  const connections = new Connections(
    {
      bridgeVersion: '0',
      alert: (message) => alerts.push(message),
      changed: () => events.push('changed'),
      identity: () => ({ pageId: 'p', app: { name: 'JupyterLab', version: '4' }, url: 'http://x/lab' }),
      catalogue: () => ({ tools: [] }),
      run: async () => ({ resultJson: '{"success":true}', images: [] }),
      log: { info: () => {}, warn: () => {} }
    },
    (url, hooks): Connection => ({
      url,
      connected: true,
      start: () => events.push(`start ${url} ${hooks.token.slice(0, 2)}`),
      stop: () => events.push(`stop ${url}`),
      sendCatalogue: () => events.push(`catalogue ${url}`),
      sendPageState: (focused) => events.push(`focused ${focused} ${url}`),
      retryNow: () => events.push(`retry ${url}`),
      sendFocus: (focus) => events.push(`focus ${focus?.notebookPath} ${url}`)
    })
  );
  return { connections, events, alerts };
}

describe('Connections', () => {
  it('connects to each server once, and again only when the URLs or the token change', () => {
    const { connections, events } = setup();
    connections.apply(readSettings({ token: TOKEN, serverUrls: ['ws://127.0.0.1:1', 'ws://127.0.0.1:1', 'ws://127.0.0.1:2'] }));
    expect(events.splice(0)).toEqual(['start ws://127.0.0.1:1 aa', 'start ws://127.0.0.1:2 aa', 'changed']);
    expect(connections.connectedUrls()).toEqual(['ws://127.0.0.1:1', 'ws://127.0.0.1:2']);
    connections.apply(readSettings({ token: TOKEN, serverUrls: ['ws://127.0.0.1:1', 'ws://127.0.0.1:2'], maxImageSide: 64 }));
    expect(events).toEqual([]);
    connections.apply(readSettings({ token: 'b'.repeat(64), serverUrls: ['ws://127.0.0.1:1'] }));
    expect(events.splice(0)).toEqual(['stop ws://127.0.0.1:1', 'stop ws://127.0.0.1:2', 'start ws://127.0.0.1:1 bb', 'changed']);
    connections.sendCatalogue();
    connections.sendPageState(false);
    expect(events.splice(0)).toEqual(['catalogue ws://127.0.0.1:1', 'focused false ws://127.0.0.1:1']);
    connections.sendFocus({ notebookPath: 'n.ipynb', selectedCells: [] });
    connections.apply(readSettings({ token: TOKEN, serverUrls: ['ws://127.0.0.1:3'] }));
    // A connection made later is told where the person is too.
    expect(events).toEqual([
      'focus n.ipynb ws://127.0.0.1:1',
      'stop ws://127.0.0.1:1',
      'focus n.ipynb ws://127.0.0.1:3',
      'start ws://127.0.0.1:3 aa',
      'changed'
    ]);
  });

  it('connects to nothing while disabled, and says once when there is no token', () => {
    const { connections, events, alerts } = setup();
    connections.apply(readSettings({}));
    connections.apply(readSettings({ maxImageSide: 64 }));
    expect(alerts).toEqual([NO_TOKEN_ALERT]);
    expect(NO_TOKEN_ALERT.length).toBeLessThanOrEqual(140);
    connections.apply(readSettings({ token: TOKEN }));
    connections.apply(readSettings({}));
    expect(alerts).toEqual([NO_TOKEN_ALERT, NO_TOKEN_ALERT]);
    events.length = 0;
    connections.apply(readSettings({ token: TOKEN, enabled: false }));
    expect(events).toEqual(['changed']);
    expect(connections.connectedUrls()).toEqual([]);
    expect(alerts).toHaveLength(2);
  });

  it('stays disconnected when the person disconnects, through setting changes, until they reconnect', () => {
    const { connections, events } = setup();
    connections.apply(readSettings({ token: TOKEN }));
    events.length = 0;
    connections.disconnect();
    expect(connections.disconnected).toBe(true);
    connections.apply(readSettings({ token: TOKEN, serverUrls: ['ws://127.0.0.1:3'] }));
    expect(events).toEqual(['stop ws://127.0.0.1:8767', 'changed']);
    events.length = 0;
    connections.reconnect();
    expect(connections.disconnected).toBe(false);
    expect(events).toEqual(['start ws://127.0.0.1:3 aa', 'changed']);
  });

  it("shows a server's failure once while it lasts, across retries and connections made anew, and again once it worked", () => {
    const alerts: string[] = [];
    const made: { hooks: ConnectionHooks; connection: Connection & { connected: boolean } }[] = [];
    const connections = new Connections(
      {
        bridgeVersion: '0',
        alert: (message) => alerts.push(message),
        changed: () => {},
        identity: () => ({ pageId: 'p', app: { name: 'JupyterLab', version: '4' }, url: 'http://x/lab' }),
        catalogue: () => ({ tools: [] }),
        run: async () => ({ resultJson: '{"success":true}', images: [] }),
        log: { info: () => {}, warn: () => {} }
      },
      (url, hooks) => {
        const connection = {
          url,
          connected: false,
          start() {},
          stop() {},
          sendCatalogue() {},
          sendPageState() {},
          retryNow() {},
          sendFocus() {}
        };
        made.push({ hooks, connection });
        return connection;
      }
    );
    const refused = "ws://127.0.0.1:8767 refused this page's token. Put what …";
    connections.apply(readSettings({ token: TOKEN }));
    // The connection retries, failing the same way each time.
    made[0]!.hooks.alert(refused);
    made[0]!.hooks.alert(refused);
    // The person tries another token: a new connection, which fails the same way.
    connections.apply(readSettings({ token: 'b'.repeat(64) }));
    made[1]!.hooks.alert(refused);
    expect(alerts).toEqual([refused]);
    // Another failure is news.
    made[1]!.hooks.alert('The server behind ws://127.0.0.1:8767 answers on another port. See the browser console.');
    expect(alerts).toHaveLength(2);
    // Connected: the next failure shows again.
    made[1]!.connection.connected = true;
    made[1]!.hooks.changed();
    made[1]!.connection.connected = false;
    made[1]!.hooks.changed();
    made[1]!.hooks.alert(refused);
    expect(alerts).toEqual([refused, expect.stringContaining('another port'), refused]);
  });

  it('a page from another host: paired by its link, told once what the browser blocks, and dialled again once allowed', async () => {
    const alerts: string[] = [];
    const events: string[] = [];
    const made: { hooks: ConnectionHooks; connection: Connection & { connected: boolean } }[] = [];
    const permission = Object.assign(new EventTarget(), { state: 'prompt' });
    const kept = new Map<string, string>();
    const pairing = new LinkPairing(
      {
        location: { hash: `#jupyter-live-mcp-pair=9100:${TOKEN}`, href: `https://hub.example.org/lab#jupyter-live-mcp-pair=9100:${TOKEN}` },
        history: { state: null, replaceState: () => {} },
        storage: { getItem: (key) => kept.get(key) ?? null, setItem: (key, value) => kept.set(key, value) }
      },
      { alert: (message) => alerts.push(message), inform: (message) => events.push(`inform ${message}`) }
    );
    const connections = new Connections(
      {
        bridgeVersion: '0',
        alert: (message) => alerts.push(message),
        changed: () => events.push('changed'),
        identity: () => ({ pageId: 'p', app: { name: 'JupyterLab', version: '4' }, url: 'https://hub.example.org/lab' }),
        catalogue: () => ({ tools: [] }),
        run: async () => ({ resultJson: '{"success":true}', images: [] }),
        log: { info: () => {}, warn: () => {} }
      },
      (url, hooks) => {
        const connection = {
          url,
          connected: false,
          start() {},
          stop() {},
          sendCatalogue() {},
          sendPageState() {},
          sendFocus() {},
          retryNow: () => events.push(`retry ${url}`)
        };
        made.push({ hooks, connection });
        return connection;
      },
      {
        pairing,
        browser: {
          permissions: { query: async () => permission as unknown as PermissionStatus },
          pageHost: 'hub.example.org',
          pageOrigin: 'https://hub.example.org'
        }
      }
    );
    // No token in the settings: the link's pairing is used, and a mismatch is fixed by pairing again.
    connections.apply(readSettings({}));
    expect(alerts).toEqual([]);
    expect(made.map(({ connection, hooks }) => [connection.url, hooks.token, hooks.pairedByLink])).toEqual([
      ['ws://127.0.0.1:9100', TOKEN, true]
    ]);
    const { hooks, connection } = made[0]!;
    for (let retry = 0; retry < 3; retry++) {
      hooks.neverOpened!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(alerts).toEqual([BLOCKED_ALERT]);
    expect(connections.blockedByBrowser).toBe(true);
    events.length = 0;
    permission.state = 'granted';
    permission.dispatchEvent(new Event('change'));
    expect(events).toEqual(['retry ws://127.0.0.1:9100']);
    connection.connected = true;
    hooks.changed();
    expect(connections.blockedByBrowser).toBe(false);
    expect(kept.get(PAIRING_STORAGE_KEY)).toBe(`9100:${TOKEN}`);
    expect(events.some((event) => event.startsWith('inform Agent bridge: paired with the agent'))).toBe(true);
  });
});
