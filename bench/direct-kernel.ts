/**
 * The floor for the kernel path: Node talks to the same Jupyter server with
 * @jupyterlab/services, the client JupyterLab itself uses, with no page and no
 * MCP in between. Node 20 has fetch but no WebSocket, so the `ws` package
 * stands in. The test page has no token, but jupyter_server still wants its
 * XSRF token on a POST (starting a kernel): the `_xsrf` cookie that GET /lab
 * sets, sent back as cookie and X-XSRFToken header.
 */
import { KernelManager, ServerConnection, type Kernel } from '@jupyterlab/services';
import WebSocket from 'ws';

export interface DirectKernel {
  kernelId: string;
  /** Runs `code` on a connection kept open, as a page's notebook does; resolves on the execute reply. */
  execute(code: string): Promise<void>;
  /** Connects, runs `code`, disconnects: what a tool that opens its own connection per call pays. */
  executeOnNewConnection(code: string): Promise<void>;
  /** Disconnects, and shuts down the kernel if it started it. */
  dispose(): Promise<void>;
}

async function executeOn(connection: Kernel.IKernelConnection, code: string): Promise<void> {
  const reply = await connection.requestExecute({ code, stop_on_error: false }).done;
  if (reply.content.status !== 'ok') {
    throw new Error(`direct execute of ${JSON.stringify(code.slice(0, 100))} answered ${reply.content.status}`);
  }
}

async function xsrfToken(labUrl: string): Promise<string> {
  const response = await fetch(labUrl);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('_xsrf='));
  if (!cookie) {
    throw new Error(`GET ${labUrl} set no _xsrf cookie, so POSTs to the Jupyter server would be refused`);
  }
  return cookie.slice('_xsrf='.length).split(';')[0]!;
}

/** Connects to the kernel `kernelId`, or to a new python3 kernel of its own. */
export async function connectDirectKernel(labUrl: string, kernelId?: string): Promise<DirectKernel> {
  const base = new URL('/', labUrl);
  const xsrf = await xsrfToken(labUrl);
  const serverSettings = ServerConnection.makeSettings({
    baseUrl: base.href,
    wsUrl: base.href.replace(/^http/, 'ws'),
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('X-XSRFToken', xsrf);
      request.headers.set('Cookie', `_xsrf=${xsrf}`);
      return fetch(request);
    },
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket
  });
  const manager = new KernelManager({ serverSettings });
  await manager.ready;
  const connection = kernelId
    ? manager.connectTo({ model: { id: kernelId, name: 'python3' } })
    : await manager.startNew({ name: 'python3' });
  const model = connection.model;
  return {
    kernelId: model.id,
    execute: (code) => executeOn(connection, code),
    async executeOnNewConnection(code) {
      const fresh = manager.connectTo({ model });
      try {
        await executeOn(fresh, code);
      } finally {
        fresh.dispose();
      }
    },
    async dispose() {
      if (kernelId) {
        connection.dispose();
      } else {
        await connection.shutdown();
      }
      manager.dispose();
    }
  };
}
