/**
 * The flags of the server itself, which `lite` runs too: where the bridge
 * endpoint listens and whom it lets in, and --http. Pure.
 */
import { DEFAULT_HEARTBEAT_MS, DEFAULT_MAX_MESSAGE_BYTES } from '@jupyter-live-mcp/protocol';
import { parseHttpAddress, type HttpAddress } from '../transport/http-address.js';
import { CliError, PORT_FLAG, PUBLIC_PORT_FLAG, bridgePort, integerIn, publicPorts, type FlagValues, type Flags } from './flags.js';

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'];

export const SERVER_FLAGS = {
  ...PORT_FLAG,
  http: {
    type: 'string',
    elsewhere: (text) =>
      `--http goes with the server itself or lite: jupyter-live-mcp --http ${text}, or jupyter-live-mcp lite --http ${text}.`,
    doc: {
      value: '[host:]port',
      help:
        'serve MCP over Streamable HTTP at http://host:port/mcp instead of stdio, for several agents at once ' +
        '(host default 127.0.0.1; clients send the key token --bearer prints); runs until Ctrl-C'
    }
  },
  host: {
    type: 'string',
    multiple: true,
    doc: {
      value: '<address>',
      default: LOOPBACK_HOSTS.join(' and '),
      help: 'listen on this address instead (repeatable; IPv6 with or without brackets); anything but loopback is warned about'
    }
  },
  ...PUBLIC_PORT_FLAG,
  'allow-origin': {
    type: 'string',
    multiple: true,
    doc: { value: '<url>', help: 'also accept pages from this origin, e.g. https://hub.example.org (repeatable)' }
  },
  'max-message-mb': {
    type: 'string',
    doc: {
      value: '<n>',
      default: String(DEFAULT_MAX_MESSAGE_BYTES / 1024 / 1024),
      help: 'largest wire message accepted from a page, in MiB (before the pairing handshake: 32 KiB)'
    }
  },
  'heartbeat-seconds': {
    type: 'string',
    doc: {
      value: '<n>',
      default: String(DEFAULT_HEARTBEAT_MS / 1000),
      help:
        'how often each page is pinged; a page that does not answer by the next ping is dropped, one that hears ' +
        'nothing from the server for twice that reconnects'
    }
  }
} as const satisfies Flags;

export interface ServerOptions {
  port: number;
  /** --http: serve MCP over Streamable HTTP here instead of stdio. */
  http?: HttpAddress;
  /** Where the bridge endpoint listens: both loopback addresses unless --host says otherwise. */
  hosts: string[];
  /** --public-port: ports pages may dial through a forward or proxy, besides --port. */
  publicPorts: number[];
  /** Origins allowed besides the loopback ones, e.g. a JupyterHub's. */
  allowOrigins: string[];
  maxMessageBytes: number;
  /** --heartbeat-seconds: how often pages are pinged; the endpoint's default otherwise. */
  heartbeatMs?: number;
}

export function serverOptions(values: FlagValues<typeof SERVER_FLAGS>): ServerOptions {
  const allowOrigins = (values['allow-origin'] ?? []).map(allowedOrigin);
  const port = bridgePort(values);
  const http = values.http === undefined ? undefined : httpAddress(values.http, port);
  return {
    port,
    ...(http ? { http } : {}),
    hosts: values.host?.length ? listenHosts(values.host) : LOOPBACK_HOSTS,
    publicPorts: publicPorts(values),
    allowOrigins,
    maxMessageBytes:
      values['max-message-mb'] === undefined
        ? DEFAULT_MAX_MESSAGE_BYTES
        : integerIn('--max-message-mb', values['max-message-mb'], 1, 4096) * 1024 * 1024,
    ...(values['heartbeat-seconds'] === undefined
      ? {}
      : { heartbeatMs: integerIn('--heartbeat-seconds', values['heartbeat-seconds'], 1, 3600) * 1000 })
  };
}

function allowedOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new CliError(`--allow-origin must be an origin such as https://hub.example.org, not ${JSON.stringify(origin)}.`);
  }
  if (url.origin !== origin) {
    throw new CliError(
      `--allow-origin must be just an origin (scheme, host and port), e.g. ${JSON.stringify(url.origin)}, not ${JSON.stringify(origin)}.`
    );
  }
  return origin;
}

/** The --host addresses as listen() takes them: IPv6 without brackets (as --http writes it), each once. */
function listenHosts(hosts: string[]): string[] {
  return [...new Set(hosts.map((host) => (/^\[.*\]$/.test(host) ? host.slice(1, -1) : host)))];
}

function httpAddress(text: string, bridgePort: number): HttpAddress {
  let address: HttpAddress;
  try {
    address = parseHttpAddress(text);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  if (address.port !== 0 && address.port === bridgePort) {
    throw new CliError(`--http and --port both name port ${bridgePort}: the MCP endpoint and the bridge endpoint need a port each.`);
  }
  return address;
}
