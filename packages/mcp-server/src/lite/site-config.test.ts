import { describe, expect, it } from 'vitest';
import { BRIDGE_PLUGIN_ID as BRIDGE_PLUGIN } from '@jupyter-live-mcp/protocol';
import { pairedSiteConfig } from './site-config.js';

const PAIRING = { serverUrl: 'ws://127.0.0.1:8767', token: 'f'.repeat(64) };

describe('pairedSiteConfig', () => {
  it('sets the bridge serverUrls and token, keeping the rest of the site config', () => {
    const site = {
      'jupyter-lite-schema-version': 0,
      'jupyter-config-data': {
        appName: 'JupyterLite',
        federated_extensions: [{ name: 'jupyter-live-mcp-bridge', load: 'static/remoteEntry.js' }],
        settingsOverrides: { 'other:plugin': { a: 1 }, [BRIDGE_PLUGIN]: { confirm: 'all', token: 'old' } }
      }
    };
    expect(JSON.parse(pairedSiteConfig(JSON.stringify(site), PAIRING))).toEqual({
      ...site,
      'jupyter-config-data': {
        ...site['jupyter-config-data'],
        settingsOverrides: {
          'other:plugin': { a: 1 },
          [BRIDGE_PLUGIN]: { confirm: 'all', serverUrls: ['ws://127.0.0.1:8767'], token: PAIRING.token }
        }
      }
    });
  });

  it('adds settingsOverrides when the site has none', () => {
    const paired = JSON.parse(pairedSiteConfig('{"jupyter-config-data": {}}', PAIRING));
    expect(paired['jupyter-config-data'].settingsOverrides).toEqual({
      [BRIDGE_PLUGIN]: { serverUrls: [PAIRING.serverUrl], token: PAIRING.token }
    });
  });

  it('says the site is damaged when it is not a JupyterLite config', () => {
    expect(() => pairedSiteConfig('{}', PAIRING)).toThrow(/reinstall jupyter-live-mcp/);
    expect(() => pairedSiteConfig('{"jupyter-config-data":null}', PAIRING)).toThrow(/reinstall jupyter-live-mcp/);
    expect(() => pairedSiteConfig('{"jupyter-config-data":"lab"}', PAIRING)).toThrow(
      'jupyter-lite.json has no "jupyter-config-data": the lite site is damaged; reinstall jupyter-live-mcp.'
    );
    expect(() => pairedSiteConfig('not json', PAIRING)).toThrow();
  });
});
