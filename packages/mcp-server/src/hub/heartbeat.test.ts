/**
 * The heartbeat on a real endpoint with a short period: the server pings every
 * proved page (a WebSocket ping, which browsers answer by themselves, and a
 * `heartbeat` frame, the only sign of the server a page's script can see). A page
 * that stops answering is dropped and its calls answer page_disconnected.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEndpoint } from './bridge-endpoint.js';
import { PageRouter } from './page-router.js';
import { pairedPageOf, startTestEndpoint, type TestClient } from './test-endpoint.test-support.js';

const TOKEN = 'a'.repeat(64);
const HEARTBEAT_MS = 200;
let endpoint: BridgeEndpoint;
let router: PageRouter;
const clients: TestClient[] = [];

beforeEach(async () => {
  router = new PageRouter();
  endpoint = await startTestEndpoint({ token: TOKEN, router, heartbeatMs: HEARTBEAT_MS });
});

afterEach(async () => {
  for (const client of clients.splice(0)) {
    client.socket.terminate();
  }
  await endpoint.close();
});

async function page(pageId: string, autoPong = true) {
  const client = await pairedPageOf(endpoint, router, { token: TOKEN, pageId, options: { autoPong } });
  clients.push(client);
  return client;
}

describe('the heartbeat', () => {
  it('tells the page its period in the welcome, then pings it and sends heartbeat frames', async () => {
    const answering = await page('page-a');
    expect(answering.received[1]).toMatchObject({ type: 'welcome', heartbeatMs: HEARTBEAT_MS });
    let pings = 0;
    answering.socket.on('ping', () => pings++);
    await expect.poll(() => answering.received.filter((m) => m.type === 'heartbeat').length, { timeout: 3000 }).toBeGreaterThan(3);
    expect(pings).toBeGreaterThan(2);
    expect(router.isConnected('page-a')).toBe(true);
  });

  it('drops a page that stops answering pings: out of routing, its calls answer page_disconnected, its socket closed', async () => {
    const answering = await page('page-a');
    const silent = await page('page-b', false);
    const pending = router.current('page-b')!.call('get_context', {});
    expect((await pending).result).toMatchObject({
      success: false,
      code: 'page_disconnected',
      error: expect.stringContaining('stopped answering')
    });
    expect(router.isConnected('page-b')).toBe(false);
    expect((await silent.closed).code).toBeGreaterThan(0);
    // The page that answers stays.
    await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
    expect(router.isConnected('page-a')).toBe(true);
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
  });

  it('drops a page whose script stops answering though its pings are answered: its call answers within a period', async () => {
    // A period of a second: the answers travel through this process's own event loop, which a loaded machine delays.
    await endpoint.close();
    endpoint = await startTestEndpoint({ token: TOKEN, router, heartbeatMs: 1_000 });
    const stuck = await page('page-a');
    // The page's script said alive once (as a bridge does after its catalogue), then stopped; the browser still pongs.
    stuck.socket.send(JSON.stringify({ type: 'alive' }));
    const answering = await page('page-b');
    answering.socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'heartbeat') answering.socket.send(JSON.stringify({ type: 'alive' }));
    });
    answering.socket.send(JSON.stringify({ type: 'alive' }));
    const started = performance.now();
    const stuckCall = router.current('page-a')!.call('get_context', {});
    const answeringCall = router.current('page-b')!.call('get_context', {});
    expect((await stuckCall).result).toMatchObject({
      success: false,
      code: 'page_disconnected',
      error: expect.stringContaining("the page's script stopped answering")
    });
    // Silent for a period and a probe's grace, found at the next probe.
    expect(performance.now() - started).toBeLessThan(1_000 + 500 + 500 + 500);
    expect(router.isConnected('page-a')).toBe(false);
    // A page whose script answers stays, its call still in flight.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(router.isConnected('page-b')).toBe(true);
    expect(await Promise.race([answeringCall.then(() => 'answered'), Promise.resolve('in flight')])).toBe('in flight');
  });

  it('asks a page whose script answers heartbeats at once when a call starts after an idle spell, so the first progress of the call is not held back', async () => {
    // A long period: between heartbeats, only the call can prompt the ask; its probe period is 2 s.
    await endpoint.close();
    endpoint = await startTestEndpoint({ token: TOKEN, router, heartbeatMs: 60_000 });
    const client = await page('page-a');
    client.socket.send(JSON.stringify({ type: 'alive' }));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const heartbeats = () => client.received.filter((m) => m.type === 'heartbeat').length;
    const before = heartbeats();
    void router.current('page-a')!.call('get_context', {});
    await expect.poll(heartbeats, { timeout: 1_000, interval: 20 }).toBe(before + 1);
  });

  it('asks a page heard from within a probe period at the probe, not again when a call starts', async () => {
    await endpoint.close();
    endpoint = await startTestEndpoint({ token: TOKEN, router, heartbeatMs: 60_000 });
    const client = await page('page-a');
    client.socket.send(JSON.stringify({ type: 'alive' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const heartbeats = () => client.received.filter((m) => m.type === 'heartbeat').length;
    const before = heartbeats();
    void router.current('page-a')!.call('get_context', {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heartbeats()).toBe(before);
    // The call is still in flight: the probe asks at its first turn.
    await expect.poll(heartbeats, { timeout: 3_000, interval: 50 }).toBe(before + 1);
  });
});
