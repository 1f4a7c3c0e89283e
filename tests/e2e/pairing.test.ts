/**
 * The pairing token between a real page and the server: a page with the wrong
 * token is refused by the server, and the real bridge refuses a rogue server
 * that does not know the token, runs nothing for it and tells the person why,
 * even when it relays the handshake to the real server; a forward of the
 * person's own works once the server is told its port (--public-port).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { PROTOCOL_VERSION, randomHex } from '@jupyter-live-mcp/protocol';
import { BRIDGE_DIR, BRIDGE_PLUGIN } from './support/lab-with-agent.js';
import { launchChromium } from './support/chromium.js';
import { freePort, startMcpSession } from './support/mcp-session.js';
import { startJupyterLabPage, type JupyterLabPage } from '../../test-pages/jupyterlab/src/jupyterlab-page.js';
import type { Browser } from 'playwright-core';

let browser: Browser | undefined;
let lab: JupyterLabPage | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
/** Everything any page printed to its console, at every level. */
const consoleTexts: string[] = [];

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  await lab?.stop();
  lab = undefined;
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(settings: Record<string, unknown>) {
  lab = await startJupyterLabPage({ extensions: [BRIDGE_DIR], userSettings: { [BRIDGE_PLUGIN]: settings } });
  browser ??= await launchChromium();
  const page = await browser.newPage();
  page.on('console', (message) => consoleTexts.push(message.text()));
  cleanups.push(() => page.close());
  await page.goto(lab.url);
  return page;
}

/** The texts of the page's notifications (JupyterLab's toasts). */
const notifications = (page: Awaited<ReturnType<typeof openPage>>) =>
  page.locator('.jp-toast-message, .Toastify__toast-body').allInnerTexts();

describe('pairing', () => {
  it('a page and a server with different tokens never pair, and both say what to do, once', async () => {
    const mcp = await startMcpSession();
    cleanups.push(() => mcp.close());
    const pageToken = randomBytes(32).toString('hex');
    const page = await openPage({ serverUrls: [`ws://127.0.0.1:${mcp.port}`], token: pageToken });

    // The server proves its token first; the page, holding another, refuses it.
    await expect
      .poll(async () => (await notifications(page)).join('\n'), { timeout: 30_000 })
      .toMatch(
        /^Refused ws:\/\/127\.0\.0\.1:\d+: it cannot prove the pairing token; nothing was sent\. Check Settings → Agent bridge → Pairing token\.$/m
      );
    expect(mcp.stderr()).not.toMatch(/page connected/);
    // The page retries every second or two: the server says what is wrong once, not at every try.
    await expect
      .poll(() => mcp.stderr().match(/debug: page disconnected: \(not yet proved/g)?.length ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);
    expect(mcp.stderr().match(/warn: token mismatch: /g)).toHaveLength(1);
    expect(mcp.stderr()).toMatch(
      /warn: token mismatch: a page from http:\/\/127\.0\.0\.1:\d+ tried to connect, but its pairing token is not this server's: put what "jupyter-live-mcp token" prints into the bridge's setting Settings → Agent bridge → Pairing token/
    );
    expect(mcp.stderr()).not.toMatch(/info: (page disconnected|closing page): \(not yet proved/);
    // One toast in the page, not one per try.
    expect(await page.locator('.jp-toast-message').allInnerTexts()).toEqual([expect.stringMatching(/^Refused ws:/)]);
    // And the agent hears it too.
    const { result } = await mcp.call('get_context');
    expect(result).toMatchObject({ success: false, code: 'no_page' });
    expect(result.error).toMatch(
      /A page from http:\/\/127\.0\.0\.1:\d+ tried to connect but its pairing token does not match this server's: put what/
    );
    // No secret in the server's debug log or the page console.
    expect(mcp.stderr()).not.toContain(mcp.token);
    expect(consoleTexts.join('\n')).not.toContain(pageToken);
    expect(consoleTexts.join('\n')).toMatch(/\[jupyter-live-mcp\] refused ws:/);
  });

  it('the bridge refuses a rogue server that cannot prove the token: it sends it nothing and runs nothing', async () => {
    // A program that grabbed the port and speaks the protocol, without the token.
    const port = await freePort();
    const rogue = new WebSocketServer({ host: '127.0.0.1', port });
    cleanups.push(() => new Promise((resolve) => rogue.close(resolve)));
    const received: unknown[] = [];
    rogue.on('connection', (socket: WebSocket) => {
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString());
        received.push(message);
        if (message.type === 'hello') {
          socket.send(JSON.stringify({ type: 'challenge', nonce: randomHex(), proof: randomHex() }));
          // Pushing on regardless, as an attacker would.
          socket.send(JSON.stringify({ type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: 'evil' }));
          socket.send(JSON.stringify({ type: 'call', callId: 'x1', tool: 'execute_command', args: { commandId: 'notebook:create-new' } }));
        }
      });
    });
    const page = await openPage({ serverUrls: [`ws://127.0.0.1:${port}`], token: randomBytes(32).toString('hex') });

    await expect
      .poll(async () => (await notifications(page)).join('\n'), { timeout: 30_000 })
      .toMatch(/Refused ws:\/\/127\.0\.0\.1:\d+: it cannot prove the pairing token; nothing was sent/);
    // It heard the page's hello and nothing else: no proof, no catalogue, no result, not even
    // which page it is (no URL, no app): a protocol number, the port the page dialled and a nonce.
    expect(received.length).toBeGreaterThan(0);
    for (const message of received) {
      expect(Object.keys(message as object).sort()).toEqual(['nonce', 'port', 'protocol', 'type']);
      expect(message).toMatchObject({ type: 'hello' });
    }
    expect(await page.locator('.jp-NotebookPanel').count()).toBe(0);
  });

  it('a program on the port the page dials cannot relay the handshake to the real server on another port', async () => {
    const mcp = await startMcpSession();
    cleanups.push(() => mcp.close());
    // The squatter forwards every frame both ways, then tries a call of its own.
    const port = await freePort();
    const relay = new WebSocketServer({ host: '127.0.0.1', port });
    cleanups.push(() => new Promise((resolve) => relay.close(resolve)));
    const fromPage: string[] = [];
    relay.on('connection', (pageSide: WebSocket) => {
      const serverSide = new WebSocket(`ws://127.0.0.1:${mcp.port}`, { headers: { origin: lab!.url.replace(/\/lab.*$/, '') } });
      const queued: string[] = [];
      serverSide.on('open', () => {
        for (const frame of queued.splice(0)) {
          serverSide.send(frame);
        }
      });
      pageSide.on('message', (data) => {
        let frame = data.toString();
        fromPage.push(frame);
        // The page's hello names the port it dialled (the relay's); the server would refuse that,
        // so the relay names the server's own.
        const message = JSON.parse(frame) as { type: string; port?: number };
        if (message.type === 'hello') frame = JSON.stringify({ ...message, port: mcp.port });
        if (serverSide.readyState === serverSide.OPEN) serverSide.send(frame);
        else queued.push(frame);
      });
      serverSide.on('message', (data) => {
        pageSide.send(data.toString());
        if (JSON.parse(data.toString()).type === 'welcome') {
          pageSide.send(
            JSON.stringify({ type: 'call', callId: 'x1', tool: 'execute_command', args: { commandId: 'notebook:create-new' } })
          );
        }
      });
      pageSide.on('close', () => serverSide.close());
      serverSide.on('close', () => pageSide.close());
      // The cleanups stop the server while the page may redial through the relay: ws answers that upgrade 503.
      serverSide.on('error', () => pageSide.close());
    });
    const page = await openPage({ serverUrls: [`ws://127.0.0.1:${port}`], token: mcp.token });

    await expect
      .poll(async () => (await notifications(page)).join('\n'), { timeout: 30_000 })
      .toMatch(/Refused ws:\/\/127\.0\.0\.1:\d+: it cannot prove the pairing token; nothing was sent/);
    expect(fromPage.map((frame) => JSON.parse(frame).type)).not.toContain('proof');
    expect(mcp.stderr()).not.toMatch(/page connected/);
    expect(await page.locator('.jp-NotebookPanel').count()).toBe(0);
  });

  it("a page behind a forward of the person's own is told to use --public-port, and pairs with it", async () => {
    const forwardPort = await freePort();
    let target = 0;
    // What ssh -L or docker -p do: bytes from one port to another, untouched.
    const piped = new Set<Socket>();
    const forward = createNetServer((incoming) => {
      const outgoing = connect(target, '127.0.0.1');
      for (const socket of [incoming, outgoing]) {
        piped.add(socket);
        socket.on('close', () => piped.delete(socket));
      }
      incoming.pipe(outgoing).pipe(incoming);
      incoming.on('error', () => outgoing.destroy());
      outgoing.on('error', () => incoming.destroy());
    }).listen(forwardPort, '127.0.0.1');
    // close() waits for every connection to end: a half-closed one would hold it (and the hook) forever.
    cleanups.push(() => {
      const closed = new Promise((resolve) => forward.close(resolve));
      for (const socket of piped) {
        socket.destroy();
      }
      return closed;
    });

    const plain = await startMcpSession();
    cleanups.push(() => plain.close());
    target = plain.port;
    const page = await openPage({ serverUrls: [`ws://127.0.0.1:${forwardPort}`], token: plain.token });
    await expect
      .poll(() => plain.stderr(), { timeout: 30_000 })
      .toMatch(new RegExp(`it dialled port ${forwardPort}, but this server answers on ${plain.port}.*--public-port ${forwardPort}`));
    await expect.poll(() => consoleTexts.join('\n')).toMatch(/answers on another port|--public-port/);
    await plain.close();

    const told = await startMcpSession({ args: ['--public-port', String(forwardPort)], configDir: plain.configDir, token: plain.token });
    cleanups.push(() => told.close());
    target = told.port;
    await expect.poll(async () => (await told.call('get_context')).result.success, { timeout: 30_000 }).toBe(true);
    expect(await page.locator('.jp-NotebookPanel').count()).toBe(0);
  });

  it('a page without a token connects nowhere and says how to pair', async () => {
    const mcp = await startMcpSession();
    cleanups.push(() => mcp.close());
    const page = await openPage({ serverUrls: [`ws://127.0.0.1:${mcp.port}`] });
    await expect
      .poll(async () => (await notifications(page)).join('\n'), { timeout: 30_000 })
      .toMatch(/no pairing token; no agent can connect.*jupyter-live-mcp token/);
    expect(mcp.stderr()).not.toMatch(/page connected/);
  });

  it('a page from a foreign origin is refused before any message', async () => {
    const mcp = await startMcpSession();
    cleanups.push(() => mcp.close());
    // Another site the person visits: here served from 127.0.0.2, a different origin.
    const site = createServer((_request, response) => response.end('<title>elsewhere</title>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
    cleanups.push(() => new Promise((resolve) => site.close(resolve)));
    browser ??= await launchChromium();
    const page = await browser.newPage();
    cleanups.push(() => page.close());
    await page.goto(`http://127.0.0.2:${(site.address() as { port: number }).port}/`);
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new (
            globalThis as unknown as { WebSocket: new (url: string) => { onopen: () => void; onclose: (event: { code: number }) => void } }
          ).WebSocket(url);
          socket.onopen = () => resolve('open');
          socket.onclose = (event) => resolve(`closed ${event.code}`);
        }),
      `ws://127.0.0.1:${mcp.port}`
    );
    expect(outcome).toBe('closed 1006');
    await expect.poll(() => mcp.stderr()).toMatch(/refused a connection: Origin "http:\/\/127\.0\.0\.2:\d+" is not allowed/);
  });
});
