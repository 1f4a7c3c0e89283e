/**
 * Answers a GET or HEAD with a file under a site's root folder: all a static
 * JupyterLite site needs from a server. Files go with their MIME type (module
 * workers and .wasm are strict about it); a folder URL gets its slash, then its
 * index.html; nothing outside the root is reachable. The lite page and the
 * JupyterLite test site both serve through this.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const MIME_TYPES: Readonly<Record<string, string>> = {
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
  '.md': 'text/markdown; charset=utf-8'
};

export function sendText(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(body);
}

/** `cacheControl` says, per file, what a browser may keep. */
export async function serveFile(
  root: string,
  request: IncomingMessage,
  response: ServerResponse,
  cacheControl: (file: string) => string
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendText(response, 405, 'Only GET and HEAD are served.\n', { Allow: 'GET, HEAD' });
    return;
  }
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    sendText(response, 400, 'Bad path.\n');
    return;
  }
  let file = path.join(root, pathname);
  if (file !== root && !file.startsWith(root + path.sep)) {
    sendText(response, 404, 'Not found.\n');
    return;
  }
  let info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    if (!pathname.endsWith('/')) {
      // Pages load their files relative to their folder, so the folder URL needs its slash.
      response.writeHead(301, { Location: `${folderUrl(root, file)}${url.search}` });
      response.end();
      return;
    }
    file = path.join(file, 'index.html');
    info = await stat(file).catch(() => undefined);
  }
  if (!info?.isFile()) {
    sendText(response, 404, 'Not found.\n');
    return;
  }
  response.writeHead(200, {
    'Content-Type': MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': cacheControl(file),
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
 * A folder's URL with its slash, built from the folder found rather than from
 * the request: a request path may begin with "//", which a browser would take
 * for another site.
 */
function folderUrl(root: string, folder: string): string {
  const inside = path.relative(root, folder);
  return inside ? `/${inside.split(path.sep).map(encodeURIComponent).join('/')}/` : '/';
}
