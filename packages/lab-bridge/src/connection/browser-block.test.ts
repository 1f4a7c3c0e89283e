import { describe, expect, it } from 'vitest';
import { BLOCKED_ALERT, BrowserBlock, blockedByBrowser, blockedDetail, permissionNames, type PermissionState } from './browser-block.js';

/** A Permissions API that knows `known` names, each in `state`, and lets the test change it as the person does. */
function fakePermissions(known: string[], state: PermissionState) {
  const statuses = new Map<string, EventTarget & { state: PermissionState }>();
  const queried: string[] = [];
  return {
    queried,
    permissions: {
      query: async ({ name }: { name: string }) => {
        queried.push(name);
        if (!known.includes(name)) throw new TypeError(`'${name}' is not a valid enum value of type PermissionName`);
        const status = statuses.get(name) ?? Object.assign(new EventTarget(), { state });
        statuses.set(name, status);
        return status as unknown as PermissionStatus;
      }
    },
    set(name: string, next: PermissionState) {
      const status = statuses.get(name)!;
      status.state = next;
      status.dispatchEvent(new Event('change'));
    }
  };
}

function setup(pageHost: string, permissions: ReturnType<typeof fakePermissions>['permissions'] | undefined) {
  const told: string[] = [];
  const events: string[] = [];
  const block = new BrowserBlock({
    permissions,
    pageHost,
    pageOrigin: `https://${pageHost}`,
    alert: (url, message) => told.push(`${url}: ${message}`),
    warn: (message) => events.push(`warn ${message.slice(0, 30)}`),
    granted: () => events.push('granted'),
    changed: () => events.push('changed')
  });
  return { block, told, events };
}

describe('Local Network Access', () => {
  it('asks for the loopback permission first for a server on this computer, the local network one for the LAN, none for the internet', () => {
    expect(permissionNames('ws://127.0.0.1:8767')).toEqual(['loopback-network', 'local-network-access']);
    expect(permissionNames('ws://localhost:8767')).toEqual(['loopback-network', 'local-network-access']);
    expect(permissionNames('ws://[::1]:8767')).toEqual(['loopback-network', 'local-network-access']);
    expect(permissionNames('ws://192.168.1.5:8767')).toEqual(['local-network', 'local-network-access']);
    expect(permissionNames('wss://agent.example.org')).toEqual([]);
    expect(permissionNames('not a url')).toEqual([]);
  });

  it("blames the browser only for a page from another host that lacks the permission, never for this computer's Jupyter", () => {
    expect(blockedByBrowser('hub.example.org', 'prompt')).toBe(true);
    expect(blockedByBrowser('hub.example.org', 'denied')).toBe(true);
    expect(blockedByBrowser('hub.example.org', 'granted')).toBe(false);
    expect(blockedByBrowser('hub.example.org', undefined)).toBe(false);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) expect(blockedByBrowser(host, 'prompt')).toBe(false);
  });

  it('says what was blocked, that nothing was sent, and where to allow it, within what a notification shows', () => {
    expect(BLOCKED_ALERT.length).toBeLessThanOrEqual(140);
    expect(BLOCKED_ALERT).toMatch(/nothing was sent.*Local network access/);
    expect(blockedDetail('ws://127.0.0.1:8767', 'https://hub.example.org', 'denied')).toMatch(
      /https:\/\/hub\.example\.org.*ws:\/\/127\.0\.0\.1:8767.*Nothing was sent.*will not ask again.*Site settings/
    );
    expect(blockedDetail('ws://127.0.0.1:8767', 'https://hub.example.org', 'prompt')).toMatch(/when the browser asks/);
  });

  it('tells the person at each failure (shown once by the alerts), marks the status once, and dials when the person allows', async () => {
    const fake = fakePermissions(['loopback-network', 'local-network-access'], 'prompt');
    const { block, told, events } = setup('hub.example.org', fake.permissions);
    await block.neverOpened('ws://127.0.0.1:8767');
    await block.neverOpened('ws://127.0.0.1:8767');
    expect(told).toEqual([`ws://127.0.0.1:8767: ${BLOCKED_ALERT}`, `ws://127.0.0.1:8767: ${BLOCKED_ALERT}`]);
    expect(block.isBlocking).toBe(true);
    expect(events).toEqual(['warn the browser kept this page (ht', 'changed']);
    expect(fake.queried).toEqual(['loopback-network']);
    fake.set('loopback-network', 'granted');
    expect(events.at(-1)).toBe('granted');
    block.connected('ws://127.0.0.1:8767');
    expect(block.isBlocking).toBe(false);
    expect(events.at(-1)).toBe('changed');
  });

  it('falls back to the older name, and blames nothing where the browser knows neither or has no Permissions API', async () => {
    const older = fakePermissions(['local-network-access'], 'denied');
    const first = setup('hub.example.org', older.permissions);
    await first.block.neverOpened('ws://127.0.0.1:8767');
    expect(older.queried).toEqual(['loopback-network', 'local-network-access']);
    expect(first.block.isBlocking).toBe(true);

    const firefox = setup('hub.example.org', fakePermissions([], 'prompt').permissions);
    await firefox.block.neverOpened('ws://127.0.0.1:8767');
    const none = setup('hub.example.org', undefined);
    await none.block.neverOpened('ws://127.0.0.1:8767');
    expect([firefox.told, none.told, firefox.block.isBlocking, none.block.isBlocking]).toEqual([[], [], false, false]);
  });

  it('does not blame the browser where the permission is granted: the server is simply not there', async () => {
    const { block, told } = setup('hub.example.org', fakePermissions(['loopback-network'], 'granted').permissions);
    await block.neverOpened('ws://127.0.0.1:8767');
    expect(told).toEqual([]);
    expect(block.isBlocking).toBe(false);
  });
});
