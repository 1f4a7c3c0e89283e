/**
 * For the hub's unit tests: a bridge endpoint on a free loopback port with
 * quiet logs and small frames, so each test names only what it is about.
 */
import { createLogger } from '../log.js';
import { startBridgeEndpoint, type BridgeEndpoint, type BridgeEndpointOptions } from './bridge-endpoint.js';
import type { PageRouter } from './page-router.js';

export function startTestEndpoint(
  options: { token: string; router: PageRouter } & Partial<BridgeEndpointOptions>
): Promise<BridgeEndpoint> {
  return startBridgeEndpoint({
    hosts: ['127.0.0.1'],
    port: 0,
    log: createLogger('error', () => {}),
    serverVersion: 'test',
    maxMessageBytes: 4096,
    ...options
  });
}
