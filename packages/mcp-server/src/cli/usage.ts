/**
 * What --help prints: every command, then every flag from its definition
 * (flag-docs.ts), wrapped for a terminal.
 */
import { flagEntries, type FlagEntry } from './flag-docs.js';

const HEADER = `Usage: jupyter-live-mcp [options]
       jupyter-live-mcp lite [--open | --headless] [--lite-port N] [options]
       jupyter-live-mcp token [--rotate | --bearer]
       jupyter-live-mcp install [--data-dir DIR] [--settings-dir DIR] [--port N]
       jupyter-live-mcp uninstall [--data-dir DIR] [--settings-dir DIR]
       jupyter-live-mcp doctor [--data-dir DIR] [--settings-dir DIR] [--port N] [--public-port N]...
       jupyter-live-mcp pair <page URL> [--port N] [--open]

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
  install                copy the bridge into Jupyter's labextensions folder (unless pip
                         installed it) and write the token (and, with --port, the server
                         URL) into its settings
  uninstall              remove both again
  doctor                 check the port, token, installed bridge and connected pages,
                         and say how to fix what is wrong (exit code 1 if anything is)
  pair <page URL>        pair a page served from another host (JupyterHub, a remote Jupyter,
                         a container): prints its URL with the pairing in the fragment, and
                         servers accept its origin from then on
`;

const INDENT = 25;
const WIDTH = 96;

export const USAGE = `${HEADER}\nOptions:\n${flagEntries().map(flagLines).join('')}`;

function flagLines(flag: FlagEntry): string {
  const name = `  ${flag.short ? `-${flag.short}, ` : ''}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`;
  // A flag the server itself takes is an option of every server command; others say whose they are.
  const owners = flag.commands.length && flag.commands.every((command) => command.word) ? flag.commands.map((c) => c.word) : [];
  const text = `${owners.length ? `${owners.join(', ')}: ` : ''}${flag.help}${flag.default ? `; default ${flag.default}` : ''}`;
  const lines = wrap(text, WIDTH - INDENT);
  const first = name.length < INDENT ? `${name.padEnd(INDENT)}${lines[0]}` : `${name}\n${' '.repeat(INDENT)}${lines[0]}`;
  return `${[first, ...lines.slice(1).map((line) => ' '.repeat(INDENT) + line)].join('\n')}\n`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line];
}
