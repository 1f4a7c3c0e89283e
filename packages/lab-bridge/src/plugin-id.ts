/**
 * The bridge's plugin id in JupyterLab's settings registry: the protocol's
 * BRIDGE_PLUGIN_ID, written out here because the page's entry module needs it
 * and must import none of the protocol (whose modules build zod schemas as they
 * load). plugin-id.test.ts keeps the two equal.
 */
export const PLUGIN_ID = 'jupyter-live-mcp-bridge:plugin';
