// A small static file server for a JupyterLite site on loopback. JupyterLite needs
// nothing else from a server: files, with the right MIME types (module workers and
// .wasm are strict about them). Nothing is cached, so a rebuilt or reconfigured site
// is what the next page load sees.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const mimeTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.ipynb': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.py': 'text/x-python; charset=utf-8',
  '.whl': 'application/zip',
  '.zip': 'application/zip'
};

export interface StaticServer {
  /** http://127.0.0.1:<port>/ */
  url: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: string, headers = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  response.end(body);
}

async function handle(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'Only GET and HEAD are served.\n', { Allow: 'GET, HEAD' });
    return;
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    send(response, 400, 'Bad path.\n');
    return;
  }
  let file = path.join(root, pathname);
  if (file !== root && !file.startsWith(root + path.sep)) {
    send(response, 404, 'Not found.\n');
    return;
  }
  let info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    if (!pathname.endsWith('/')) {
      // Pages load their files relative to their folder, so the folder URL needs its slash.
      response.writeHead(301, { Location: `${url.pathname}/${url.search}` });
      response.end();
      return;
    }
    file = path.join(file, 'index.html');
    info = await stat(file).catch(() => undefined);
  }
  if (!info?.isFile()) {
    send(response, 404, 'Not found.\n');
    return;
  }
  response.writeHead(200, {
    'Content-Type': mimeTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff'
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

/**
 * Serves the files under `root` on 127.0.0.1:`port` (0 picks a free port); requests
 * that fail are reported to `log`.
 */
export async function serveStatic(
  root: string,
  port: number,
  log: (line: string) => void = () => {}
): Promise<StaticServer> {
  const resolvedRoot = path.resolve(root);
  const server: Server = createServer((request, response) => {
    response.on('finish', () => {
      if (response.statusCode >= 400) {
        log(`${request.method} ${request.url} -> ${response.statusCode}`);
      }
    });
    handle(resolvedRoot, request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        send(response, 500, `${(error as Error).message}\n`);
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on 127.0.0.1 is in use: pick another port, or 0 for a free one.`)
          : error
      );
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actualPort}/`,
    close: () =>
      new Promise(resolve => {
        server.close(() => resolve());
        // Browsers keep connections open; without this close() would wait for them.
        server.closeAllConnections();
      })
  };
}
