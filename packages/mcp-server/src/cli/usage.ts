/**
 * What --help prints: every command with its flags.
 */
import { DEFAULT_BRIDGE_PORT as DEFAULT_PORT } from '@jupyter-live-mcp/protocol';
import { DEFAULT_LITE_PORT } from '../lite/start-lite.js';
import { LOG_LEVELS } from '../log.js';

export const USAGE = `Usage: jupyter-live-mcp [options]
       jupyter-live-mcp lite [--open | --headless] [--lite-port N] [options]
       jupyter-live-mcp token [--rotate | --bearer]
       jupyter-live-mcp install [--data-dir DIR] [--settings-dir DIR] [--port N]
       jupyter-live-mcp uninstall [--data-dir DIR] [--settings-dir DIR]
       jupyter-live-mcp doctor [--data-dir DIR] [--settings-dir DIR] [--port N] [--public-port N]...

Runs an MCP server on stdio that drives the Jupyter page(s) connected to it.
Pages connect through the jupyter-live-mcp-bridge extension and prove the
pairing token (the bridge's "token" setting).

Commands:
  lite                   the server plus a JupyterLite page with the bridge, paired, on
                         loopback (JavaScript kernel; no Jupyter or Python needed); its URL
                         goes to stderr
  token                  print the pairing token (created on first use)
  token --rotate         replace it with a new one (and in the settings install wrote)
  token --bearer         print the key MCP clients of --http send (Authorization: Bearer <key>)
  install                copy the bridge into Jupyter's labextensions folder and write
                         the token (and, with --port, the server URL) into its settings
  uninstall              remove both again
  doctor                 check the port, token, installed bridge and connected pages,
                         and say how to fix what is wrong (exit code 1 if anything is)

Options:
  --port <n>             bridge endpoint port (default ${DEFAULT_PORT}; 0 picks a free one)
  --http [host:]port     serve MCP over Streamable HTTP at http://host:port/mcp instead of
                         stdio, for several agents at once (host default 127.0.0.1);
                         runs until Ctrl-C
  --host <address>       listen on this address instead of 127.0.0.1 and ::1 (repeatable);
                         anything but loopback lets other machines try to connect
  --public-port <n>      pages dial this port, forwarded to --port (ssh -L, docker -p, a proxy;
                         repeatable); the pairing proofs name the port a page dialled
  --allow-origin <url>   also accept pages from this origin, e.g. https://hub.example.org (repeatable)
  --log-level <level>    ${LOG_LEVELS.join(' | ')} (default info); logs go to stderr
  --max-message-mb <n>   largest wire message accepted from a page, in MiB (default 64)
  --heartbeat-seconds <n> how often each page is pinged (default 30); a page that does
                         not answer within that is dropped, one that hears nothing
                         from the server for twice that reconnects
  --open                 lite: open the page in your browser
  --headless             lite: open the page in the system's Chromium, headless
                         (CHROMIUM_PATH, else chromium / google-chrome)
  --lite-port <n>        lite: the page's port (default ${DEFAULT_LITE_PORT}); the browser keeps
                         the page's notebooks per port
  -h, --help             show this help
  -v, --version          print the version
`;
