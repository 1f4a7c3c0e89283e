/**
 * A page "from another host" on one machine: a second loopback address that
 * Chromium is told is a public one (--ip-address-space-overrides), as a
 * JupyterHub on the internet is, so its Local Network Access rules apply to
 * the page's socket to the agent's server on 127.0.0.1. In front of the page's
 * server stands a proxy that keeps every byte the browser sends it: what the
 * hub would receive.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Browser, Page } from 'playwright-core';

export const REMOTE_HOST = '127.0.0.2';

/** The Chromium flag that makes `host:port` a public address. */
export function publicAddressFlag(ports: readonly number[]): string {
  return `--ip-address-space-overrides=${ports.map((port) => `${REMOTE_HOST}:${port}=public`).join(',')}`;
}

export interface RecordingProxy {
  port: number;
  origin: string;
  /** Everything browsers sent through it so far (requests, headers, bodies), as text. */
  received(): string;
  close(): Promise<void>;
}

/** Listens on REMOTE_HOST and forwards each connection to `targetPort` there, keeping what comes in. */
export async function startRecordingProxy(targetPort: number): Promise<RecordingProxy> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming) => {
    const outgoing = connect(targetPort, REMOTE_HOST);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, REMOTE_HOST, resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    origin: `http://${REMOTE_HOST}:${port}`,
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: () => {
      // close() waits for every connection to end: the browser keeps some open.
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    }
  };
}

/**
 * Allows an origin to reach this computer's loopback services in a page's
 * browser context, as the person does at the browser's prompt. Chromium 156
 * names this permission loopbackNetwork (localNetworkAccess and localNetwork
 * alone do not open a socket to 127.0.0.1) and grants it per context, for as
 * long as the DevTools session that granted it lasts: one session serves them all.
 */
export async function loopbackAccess(browser: Browser): Promise<{ allow(page: Page, origin: string): Promise<void> }> {
  const browserSession = await browser.newBrowserCDPSession();
  return {
    async allow(page, origin) {
      const pageSession = await page.context().newCDPSession(page);
      const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } };
      await pageSession.detach();
      await browserSession.send('Browser.grantPermissions', {
        permissions: ['loopbackNetwork'],
        origin,
        browserContextId: targetInfo.browserContextId
      });
    }
  };
}
