/**
 * Serves the JupyterLite site shipped in the package on 127.0.0.1, to the browser
 * that holds this run's secret only (page-secret.ts), with the site's
 * jupyter-lite.json paired to this run's bridge endpoint (site-config.ts).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from '../log.js';
import { SECRET_PARAM, checkAccess } from './page-secret.js';
import { pairedSiteConfig, type Pairing } from './site-config.js';
import { sendText, serveFile } from './static-files.js';
import { listenOrExplain } from '../net/listen-or-explain.js';

export interface LiteSiteOptions {
  /** The built site: jupyter-lite.json, lab/, notebooks/, build/, extensions/ ... */
  siteDir: string;
  /** 0 picks a free port. */
  port: number;
  secret: string;
  pairing: Pairing;
  log: Logger;
}

export interface LiteSite {
  /** The Lab UI with the secret, the one URL to open. */
  url: string;
  /** http://127.0.0.1:<port>, where the browser keeps the site's notebooks. */
  origin: string;
  close(): Promise<void>;
}

/** Bundle chunks and assets are named by their content hash, so a browser may keep them. */
const CONTENT_HASHED = /[.-][0-9a-f]{16,}\.[a-z0-9]+$/;

export async function serveLiteSite(options: LiteSiteOptions): Promise<LiteSite> {
  const root = path.resolve(options.siteDir);
  let siteConfig: string;
  try {
    siteConfig = pairedSiteConfig(await readFile(path.join(root, 'jupyter-lite.json'), 'utf8'), options.pairing);
  } catch (error) {
    throw new Error(
      `cannot read the JupyterLite site at ${root} (${(error as Error).message}). This install of jupyter-live-mcp ` +
        'is incomplete: reinstall it (in its repository, run scripts/pnpm run build).'
    );
  }
  let port = options.port;
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log.error(`lite site: ${request.method} ${loggedPath(request.url)}: ${(error as Error).message}`);
      if (!response.headersSent) {
        sendText(response, 500, `${(error as Error).message}\n`);
      } else {
        response.destroy();
      }
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const access = checkAccess(
      { url: request.url ?? '/', host: request.headers.host, cookie: request.headers.cookie },
      options.secret,
      port
    );
    if (access.kind === 'refuse') {
      options.log.warn(`lite site: refused ${request.method} ${loggedPath(request.url)}: ${access.reason}`);
      sendText(response, 403, `${access.reason}\n`);
      return;
    }
    if (access.kind === 'redirect') {
      response.writeHead(302, { Location: access.location, 'Set-Cookie': access.setCookie, 'Cache-Control': 'no-store' });
      response.end();
      return;
    }
    if (
      new URL(request.url ?? '/', 'http://127.0.0.1').pathname === '/jupyter-lite.json' &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      // It holds the pairing token: never kept in a browser cache.
      const body = Buffer.from(siteConfig);
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': body.length,
        'Cache-Control': 'no-store'
      });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    await serveFile(root, request, response, (file) => (CONTENT_HASHED.test(file) ? 'private, max-age=31536000, immutable' : 'no-cache'));
  }

  await listenOrExplain(server, '127.0.0.1', port, {
    busy: (holder) =>
      `port ${port} on 127.0.0.1 (the lite page's port) is already in use by ${holder}, maybe another ` +
      `jupyter-live-mcp lite. Stop that one, or start this one with --lite-port <another port> ` +
      `(notebooks saved in the browser are kept per port, so another port starts empty).`,
    failed: (message) => `cannot serve the lite page on 127.0.0.1:${port}: ${message}`
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/lab/?${SECRET_PARAM}=${options.secret}`,
    origin,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections open; without this close() would wait for them.
        server.closeAllConnections();
      })
  };
}

/**
 * Request targets go to the log as their path alone: the secret travels in the
 * query, where a request may spell it many ways (twice, percent-encoded).
 */
function loggedPath(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return '(a request target that is not a URL)';
  }
}
