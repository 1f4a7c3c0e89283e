/**
 * `jupyter-live-mcp pair <page URL>`: pairs a page whose settings this computer
 * cannot write (a JupyterHub, a remote Jupyter, a container) in one step. A page
 * from another host gets a token of its origin alone in config.json, which a
 * running server reads when such a page arrives; a page on this computer proves
 * the pairing token. The page's URL is printed (or opened) with the port and
 * the token in its fragment: the browser never sends a fragment to the page's
 * server, and the bridge keeps it in the browser and takes it out of the
 * address bar (lab-bridge's connection/link-pairing.ts). See docs/remote-pages.md.
 */
import { pairingLink } from '@jupyter-live-mcp/protocol';
import { isAllowedOrigin } from '../net/loopback-checks.js';
import { configDir, loadToken, pairOriginToken } from '../pairing/pairing-token.js';
import { say, type Command } from './command.js';
import { CliError, OPEN_FLAG, PORT_FLAG, bridgePort, parseFlags, type Flags } from './flags.js';

const PAIR_FLAGS = { ...PORT_FLAG, ...OPEN_FLAG } as const satisfies Flags;

export interface PairOptions {
  pageUrl: string;
  origin: string;
  port: number;
  open: boolean;
}

/** How long the link's redirect file (kept off the opener's command line, which other users can see) waits for the browser. */
const OPENER_GRACE_MS = 10_000;

export const pairCommand: Command<PairOptions> = {
  word: 'pair',
  name: 'pair',
  operand: '<page URL>',
  flags: PAIR_FLAGS,
  parse(args, operand) {
    const values = parseFlags(args, PAIR_FLAGS);
    return { ...pageOf(operand), port: bridgePort(values), open: values.open ?? false };
  },
  run: (options) => pair(options)
};

/** The page to pair: an http(s) URL, as the browser shows it. */
export function pageOf(operand: string | undefined): { pageUrl: string; origin: string } {
  if (operand === undefined) {
    throw new CliError(
      "pair needs the Jupyter page's URL, as your browser shows it: jupyter-live-mcp pair https://hub.example.org/user/you/lab"
    );
  }
  let url: URL;
  try {
    url = new URL(operand);
  } catch {
    throw new CliError(`pair needs the page's full URL, such as https://hub.example.org/user/you/lab, not ${JSON.stringify(operand)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`pair takes an http or https page URL, not ${JSON.stringify(operand)}.`);
  }
  url.hash = '';
  return { pageUrl: url.href, origin: url.origin };
}

async function pair(options: PairOptions): Promise<void> {
  // A page on this computer (a container's published port, say) proves the pairing token as every local page does.
  const local = isAllowedOrigin(options.origin);
  const token = local ? await loadToken() : await pairOriginToken(options.origin, false);
  const link = pairingLink(options.pageUrl, { port: options.port, token });
  process.stdout.write(`${link}\n`);
  say([
    `Paired pages from ${options.origin} with jupyter-live-mcp on this computer (port ${options.port}).`,
    `Open the link above in the browser you use for that page${options.open ? ' (opening it now)' : ''}: the part after # ` +
      'never leaves your browser; the bridge keeps it there and takes it out of the address bar.',
    ...(local
      ? []
      : [
          `Servers that use ${configDir()} accept pages from ${options.origin} at once, also those running now.`,
          `When the browser asks whether ${options.origin} may access apps and services on this device (Local network access), allow it.`
        ]),
    'The page needs the bridge installed where its Jupyter runs; see docs/remote-pages.md.'
  ]);
  if (options.open) {
    const { openBrowser } = await import('../lite/browser-launch.js');
    await openBrowser(link, (why) => say([`Could not open a browser: ${why}. Open the link above yourself.`]));
    await new Promise((resolve) => setTimeout(resolve, OPENER_GRACE_MS));
  }
}
