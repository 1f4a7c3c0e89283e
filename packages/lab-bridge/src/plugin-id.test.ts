import { BRIDGE_PLUGIN_ID } from '@jupyter-live-mcp/protocol';
import { expect, it } from 'vitest';
import { PLUGIN_ID } from './plugin-id.js';

it("is the protocol's plugin id, under which the server writes the pairing settings", () => {
  expect(PLUGIN_ID).toBe(BRIDGE_PLUGIN_ID);
});
