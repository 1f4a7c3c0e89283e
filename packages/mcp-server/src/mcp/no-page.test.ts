import { describe, expect, it } from 'vitest';
import type { LiteBrowser, LitePageState } from '../lite/lite-page.js';
import { noPageReason } from './no-page.js';

const BRIDGE_URL = 'ws://127.0.0.1:8767';
const lite = (browser: LiteBrowser, state: LitePageState) =>
  noPageReason('get_context', { bridgeUrl: BRIDGE_URL, lite: { browser, state } });

describe('noPageReason', () => {
  it('tells a plain server where pages connect, and that lite needs no Jupyter', () => {
    const text = noPageReason('read_notebook', { bridgeUrl: BRIDGE_URL });
    expect(text).toMatch(/^No Jupyter page is connected, so "read_notebook" cannot run\. /);
    expect(text).toContain(`its serverUrls setting must include ${BRIDGE_URL}`);
    expect(text).toContain('"jupyter-live-mcp lite --open" (or --headless)');
  });

  it('names a page refused lately for its token first, with the fix, whatever the server runs as', () => {
    const tokenMismatch = { source: 'from http://127.0.0.1:8888', fix: 'put what "jupyter-live-mcp token" prints …' };
    for (const text of [
      noPageReason('get_context', { bridgeUrl: BRIDGE_URL, tokenMismatch }),
      noPageReason('get_context', { bridgeUrl: BRIDGE_URL, tokenMismatch, lite: { browser: 'none', state: { phase: 'by-hand' } } })
    ]) {
      expect(text).toMatch(
        /^No Jupyter page is connected, so "get_context" cannot run\. A page from http:\/\/127\.0\.0\.1:8888 tried to connect but its pairing token does not match this server's: put what "jupyter-live-mcp token" prints …\. /
      );
    }
  });

  it('never tells a server that runs lite to start lite, and names what became of its page', () => {
    const texts = {
      byHand: lite('none', { phase: 'by-hand' }),
      failedOpen: lite('open', { phase: 'failed', why: 'could not be opened in a browser: xdg-open exited with code 3' }),
      lateHeadless: lite('headless', { phase: 'failed', why: 'has not connected within 20 s' }),
      gone: lite('headless', { phase: 'arrived' })
    };
    for (const text of Object.values(texts)) {
      expect(text).toMatch(/^No Jupyter page is connected, so "get_context" cannot run\. .* then call get_context again\.$/);
      expect(text).not.toMatch(/start this server as|serverUrls/);
      // The URL holds the page's secret: it is pointed at, never repeated.
      expect(text).not.toMatch(/token=|http:\/\//);
    }
    expect(texts.byHand).toMatch(/without opening a browser: open the URL the server printed on its stderr/);
    expect(texts.failedOpen).toContain(
      'The JupyterLite page of this server (jupyter-live-mcp lite --open) could not be opened in a browser: xdg-open exited with code 3.'
    );
    expect(texts.failedOpen).toMatch(/Open the URL the server printed .* yourself, or have the MCP client start lite with --headless/);
    expect(texts.lateHeadless).toContain('(jupyter-live-mcp lite --headless) has not connected within 20 s.');
    expect(texts.gone).toMatch(/was connected but is not now/);
  });

  it('says to a plain server, word for word, where to open a page and how to start one without a Jupyter', () => {
    expect(noPageReason('read_notebook', { bridgeUrl: BRIDGE_URL })).toBe(
      'No Jupyter page is connected, so "read_notebook" cannot run. Open JupyterLab, Jupyter Notebook or JupyterLite with the ' +
        'jupyter-live-mcp-bridge extension (its serverUrls setting must include ws://127.0.0.1:8767), wait until the page has loaded, ' +
        'then call read_notebook again. Without a Jupyter, the MCP client can start this server as "jupyter-live-mcp lite --open" ' +
        '(or --headless): it serves a JupyterLite page that connects by itself.'
    );
  });

  it('says to a server that runs lite, word for word, what to do in each state of its page', () => {
    const start = 'No Jupyter page is connected, so "get_context" cannot run.';
    const printed = "the URL the server printed on its stderr when it started (your MCP client's log of this server)";
    expect(lite('none', { phase: 'by-hand' })).toBe(
      `${start} This server runs jupyter-live-mcp lite without opening a browser: open ${printed} in a browser and wait until the ` +
        'page has loaded (or have the MCP client start lite with --open or --headless, which open it themselves), then call get_context again.'
    );
    expect(lite('open', { phase: 'opening' })).toBe(
      `${start} The JupyterLite page of this server (jupyter-live-mcp lite --open) has not connected yet: wait a few seconds, then call get_context again.`
    );
    expect(lite('headless', { phase: 'failed', why: 'has not connected within 20 s' })).toBe(
      `${start} The JupyterLite page of this server (jupyter-live-mcp lite --headless) has not connected within 20 s. The server's log ` +
        '(stderr) says more; if the page does not come, restart the server (reconnect it in the MCP client), then call get_context again.'
    );
    expect(lite('open', { phase: 'failed', why: 'could not be opened in a browser: xdg-open exited with code 3' })).toBe(
      `${start} The JupyterLite page of this server (jupyter-live-mcp lite --open) could not be opened in a browser: xdg-open exited ` +
        `with code 3. Open ${printed} in a browser yourself, or have the MCP client start lite with --headless instead (the system's ` +
        'Chromium, no display needed), then call get_context again.'
    );
    // A page opened by hand that arrived and left: lite was started with no browser flag.
    expect(lite('none', { phase: 'arrived' })).toBe(
      `${start} The JupyterLite page of this server (jupyter-live-mcp lite) was connected but is not now (its tab was closed or ` +
        `reloaded, or its browser quit): reload it, or open ${printed} again, wait until it has loaded, then call get_context again.`
    );
  });

  it('names every origin whose pages need the browser permission, word for word', () => {
    expect(
      noPageReason('get_context', {
        bridgeUrl: BRIDGE_URL,
        lite: { browser: 'headless', state: { phase: 'opening' } },
        remotePages: { origins: ['https://a.example.org', 'https://b.example.org'] }
      })
    ).toBe(
      'No Jupyter page is connected, so "get_context" cannot run. A page from https://a.example.org or https://b.example.org reaches ' +
        'this computer only if its browser allows it: in Chrome and Edge, allow "Local network access" (the prompt "wants to access ' +
        'other apps and services on this device", or the site settings left of the address); the page then connects by itself. ' +
        'The JupyterLite page of this server (jupyter-live-mcp lite --headless) has not connected yet: wait a few seconds, then call get_context again.'
    );
  });

  it('names a page refused for its origin with the command and the flag, and the browser permission pages from another host need', () => {
    const text = noPageReason('get_context', {
      bridgeUrl: BRIDGE_URL,
      remotePages: { origins: ['https://hub.example.org'], refusedOrigin: 'https://other.example.org' }
    });
    expect(text).toContain(
      'A page from https://other.example.org tried to connect, but this server was not given its origin: run ' +
        '"jupyter-live-mcp pair <that page\'s URL>" on this computer (or start the server with --allow-origin https://other.example.org).'
    );
    expect(text).toMatch(
      /A page from https:\/\/hub\.example\.org reaches this computer only if its browser allows it: .*"Local network access"/
    );
    expect(noPageReason('get_context', { bridgeUrl: BRIDGE_URL, remotePages: { origins: [] } })).toBe(
      noPageReason('get_context', { bridgeUrl: BRIDGE_URL })
    );
  });
});
