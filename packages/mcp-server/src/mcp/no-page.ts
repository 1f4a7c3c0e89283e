/**
 * What a call that finds no page connected is told (code no_page): what to do,
 * in this server's situation. A page refused lately for its pairing token is
 * the likeliest reason, so it comes first. A server that runs lite never
 * suggests starting lite, and says what became of the page it opened.
 */
import { printable } from '@jupyter-live-mcp/protocol';
import type { RemotePages } from '../hub/bridge-endpoint.js';
import type { LiteBrowser, LitePageState } from '../lite/lite-page.js';

export interface NoPageSituation {
  /** Where pages connect. */
  bridgeUrl: string;
  /** Set when this server runs lite: how it opened its page, and what became of it. */
  lite?: { browser: LiteBrowser; state: LitePageState };
  /** A page refused lately because its pairing token is not this server's: where from, and the fix (token-mismatches.ts). */
  tokenMismatch?: { source: string; fix: string };
  remotePages?: RemotePages;
}

/** lite prints its page's URL (with the page's secret) on stderr once; it is never repeated, only pointed at. */
const PRINTED_URL = "the URL the server printed on its stderr when it started (your MCP client's log of this server)";

export function noPageReason(name: string, situation: NoPageSituation): string {
  const mismatch = situation.tokenMismatch;
  const start =
    `No Jupyter page is connected, so "${name}" cannot run.` +
    (mismatch ? ` A page ${mismatch.source} tried to connect but its pairing token does not match this server's: ${mismatch.fix}.` : '') +
    remotePagesAdvice(situation.remotePages);
  const again = `then call ${name} again.`;
  if (situation.lite) {
    return `${start} ${liteAdvice(situation.lite.browser, situation.lite.state)} ${again}`;
  }
  return (
    `${start} Open JupyterLab, Jupyter Notebook or JupyterLite with the jupyter-live-mcp-bridge extension ` +
    `(its serverUrls setting must include ${situation.bridgeUrl}), wait until the page has loaded, ${again} ` +
    `Without a Jupyter, the MCP client can start this server as "jupyter-live-mcp lite --open" (or --headless): ` +
    `it serves a JupyterLite page that connects by itself.`
  );
}

/**
 * A page from another host may be refused for its origin, or be kept from this
 * computer by its browser (Local Network Access), which the server never sees:
 * both are named while such pages are expected.
 */
function remotePagesAdvice(remote: RemotePages | undefined): string {
  const refused = remote?.refusedOrigin
    ? ` A page from ${printable(remote.refusedOrigin)} tried to connect, but this server was not given its origin: run ` +
      `"jupyter-live-mcp pair <that page's URL>" on this computer (or start the server with --allow-origin ` +
      `${printable(remote.refusedOrigin)}).`
    : '';
  const blocked = remote?.origins.length
    ? ` A page from ${remote.origins.map(printable).join(' or ')} reaches this computer only if its browser allows it: in ` +
      'Chrome and Edge, allow "Local network access" (the prompt "wants to access other apps and services on this device", ' +
      'or the site settings left of the address); the page then connects by itself.'
    : '';
  return refused + blocked;
}

function liteAdvice(browser: LiteBrowser, state: LitePageState): string {
  const page = `The JupyterLite page of this server (jupyter-live-mcp lite${browser === 'none' ? '' : ` --${browser}`})`;
  switch (state.phase) {
    case 'by-hand':
      return (
        `This server runs jupyter-live-mcp lite without opening a browser: open ${PRINTED_URL} in a browser and wait ` +
        'until the page has loaded (or have the MCP client start lite with --open or --headless, which open it themselves),'
      );
    case 'opening':
      return `${page} has not connected yet: wait a few seconds,`;
    case 'failed':
      return browser === 'headless'
        ? `${page} ${state.why}. The server's log (stderr) says more; if the page does not come, restart the server (reconnect it in the MCP client),`
        : `${page} ${state.why}. Open ${PRINTED_URL} in a browser yourself, or have the MCP client start lite with --headless ` +
            "instead (the system's Chromium, no display needed),";
    case 'arrived':
      return (
        `${page} was connected but is not now (its tab was closed or reloaded, or its browser quit): reload it, ` +
        `or open ${PRINTED_URL} again, wait until it has loaded,`
      );
  }
}
