import { afterEach, describe, expect, it } from 'vitest';
import { PairedOrigins } from '../pairing/paired-origins.js';
import type { BridgeEndpoint } from './bridge-endpoint.js';
import { PageRouter } from './page-router.js';
import { pairedPageOf, startTestEndpoint, webSocketTo } from './test-endpoint.test-support.js';

const TOKEN = 'a'.repeat(64);
const HUB = 'https://hub.example.org';
const HUB_TOKEN = 'd'.repeat(64);

let endpoint: BridgeEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
});

describe('pages from another host', () => {
  it('a paired origin pairs with its own token only, under ids of its own; one the server was not given is refused and named', async () => {
    const router = new PageRouter();
    let paired: Record<string, string> = {};
    endpoint = await startTestEndpoint({
      token: TOKEN,
      router,
      allowOrigins: ['https://allowed.example.org'],
      pairedOrigins: new PairedOrigins(
        async () => paired,
        () => 0
      )
    });
    expect(await endpoint.remotePages()).toEqual({ origins: ['https://allowed.example.org'] });
    // Not paired yet: refused before any message, and named for no_page.
    await expect(webSocketTo(endpoint, { headers: { origin: HUB } })).rejects.toBeDefined();
    expect(await endpoint.remotePages()).toEqual({ origins: ['https://allowed.example.org'], refusedOrigin: HUB });

    // `pair` wrote config.json meanwhile (the cache here never goes stale, so a new reader stands for the next second).
    paired = { [HUB]: HUB_TOKEN };
    await endpoint.close();
    endpoint = await startTestEndpoint({ token: TOKEN, router, pairedOrigins: new PairedOrigins(async () => paired) });
    await pairedPageOf(endpoint, router, {
      token: HUB_TOKEN,
      pageId: 'page-h',
      routedAs: 'hub.example.org:page-h',
      options: { headers: { origin: HUB } }
    });
    // The pairing token does not open a paired origin.
    await expect(
      pairedPageOf(endpoint, router, { token: TOKEN, pageId: 'page-x', options: { headers: { origin: HUB } } })
    ).rejects.toThrow();
    expect(await endpoint.remotePages()).toEqual({ origins: [HUB] });
  });
});
