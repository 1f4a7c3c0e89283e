/**
 * Whether the bridge port is free, found the way the server finds out: by
 * listening on it, on each of the server's addresses, and letting go at once.
 * (Connecting would miss a holder on the other loopback address.)
 */
import { createServer } from 'node:net';

export interface PortProbe {
  /** The addresses where something already listens on the port. */
  heldOn: string[];
  /** Why listening failed for another reason than "in use", e.g. a privileged port. */
  error?: string;
}

export async function probePort(hosts: readonly string[], port: number): Promise<PortProbe> {
  const heldOn: string[] = [];
  for (const host of hosts) {
    const outcome = await tryListen(host, port);
    if (outcome === 'in-use') {
      heldOn.push(host);
    } else if (outcome !== 'free' && outcome !== 'no-such-address') {
      return { heldOn, error: `cannot listen on ${host}:${port}: ${outcome}` };
    }
  }
  return { heldOn };
}

function tryListen(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      // The server skips an address this machine lacks (::1 without IPv6), so this does too.
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') resolve('no-such-address');
      else resolve(error.message);
    });
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve('free')));
  });
}
