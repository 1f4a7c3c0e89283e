// A static file server for the JupyterLite test site on loopback, with the lite
// page's file serving (no secret: a test site). Nothing is cached, so a rebuilt or
// reconfigured site is what the next page load sees.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sendText, serveFile } from 'jupyter-live-mcp/src/lite/static-files.js';

export interface StaticServer {
  /** http://127.0.0.1:<port>/ */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the files under `root` on 127.0.0.1:`port` (0 picks a free port); requests
 * that fail are reported to `log`.
 */
export async function serveStatic(root: string, port: number, log: (line: string) => void = () => {}): Promise<StaticServer> {
  const resolvedRoot = path.resolve(root);
  const server: Server = createServer((request, response) => {
    response.on('finish', () => {
      if (response.statusCode >= 400) {
        log(`${request.method} ${request.url} -> ${response.statusCode}`);
      }
    });
    serveFile(resolvedRoot, request, response, () => 'no-store').catch((error: unknown) => {
      if (!response.headersSent) {
        sendText(response, 500, `${(error as Error).message}\n`);
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' ? new Error(`Port ${port} on 127.0.0.1 is in use: pick another port, or 0 for a free one.`) : error
      );
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actualPort}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections open; without this close() would wait for them.
        server.closeAllConnections();
      })
  };
}
