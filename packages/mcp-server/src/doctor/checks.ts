/**
 * What `jupyter-live-mcp doctor` concludes from the facts it gathered: one
 * check per thing that must be right for a page to reach the agent, each
 * problem with the step that fixes it. Pure, so every case is unit-tested.
 */
import { type BridgeSettingsFile, DEFAULT_SERVER_URL } from '@jupyter-live-mcp/protocol';
import { PIP_UNINSTALL, describeInstall, pipInstallLine, pipMendLine, type InstalledBridge } from '../install/installed-bridges.js';
import { describeHolder, type PortHolder } from '../net/port-holder.js';
import type { StatusProbe } from './status-client.js';

export type PortFacts =
  | { state: 'free' }
  | { state: 'unusable'; error: string }
  /** `holder` is looked up only when what holds the port is not a jupyter-live-mcp. */
  | { state: 'held'; status: StatusProbe; holder?: PortHolder };

export type TokenFacts = { file: string } & (
  | { state: 'missing' }
  | { state: 'unreadable'; error: string }
  /** What it is (a FIFO, a link ...) or who else may read it: own-files.ts says, with the fix. */
  | { state: 'refused'; detail: string; fix: string }
  | { state: 'invalid' }
  /** A valid token, but the server refuses the file for what else is wrong in it. */
  | { state: 'damaged'; problem: string }
  | { state: 'ok'; token: string; mode: number }
);

export interface ExtensionFacts {
  /** Where install copies the bridge. */
  target: string;
  /** The data folders searched, in Jupyter's order. */
  searched: readonly string[];
  /** The bridges found in them, in that order. */
  found: readonly InstalledBridge[];
}

export type SettingsFacts = { file: string } & (
  | { state: 'missing' }
  | { state: 'unreadable'; error: string }
  /** What it is (a FIFO, a link ...) or who else may read or write it: own-files.ts says, with the fix. */
  | { state: 'refused'; detail: string; fix: string }
  /** Not a plain JSON object (JSON5 with comments, say): doctor does not read it. */
  | { state: 'not-json' }
  | ({ state: 'ok' } & Omit<BridgeSettingsFile, 'all'>)
);

export interface DoctorFacts {
  /** This program's version: the server the person's MCP client runs. */
  version: string;
  platform: NodeJS.Platform;
  port: number;
  /** --public-port: ports pages reach the server through (a forward or proxy). */
  publicPorts?: readonly number[];
  portFacts: PortFacts;
  token: TokenFacts;
  extension: ExtensionFacts;
  settings: SettingsFacts;
  /** Origins of pages from another host that `pair` paired (config.json). */
  pairedOrigins?: readonly string[];
}

export interface Check {
  title: string;
  status: 'ok' | 'problem' | 'note';
  detail: string;
  fix?: string;
}

const INSTALL = 'jupyter-live-mcp install';

export function runChecks(facts: DoctorFacts): Check[] {
  return [
    portCheck(facts),
    tokenCheck(facts),
    extensionCheck(facts),
    settingsTokenCheck(facts),
    serverUrlCheck(facts),
    pagesCheck(facts),
    ...(facts.pairedOrigins?.length ? [otherHostsCheck(facts.pairedOrigins)] : [])
  ];
}

function portCheck({ port, portFacts, version, platform }: DoctorFacts): Check {
  const title = `bridge port ${port}`;
  const otherPort = `start the server with --port <n> (in your MCP client's config) and run ${INSTALL} --port <n> so the bridge connects there`;
  if (portFacts.state === 'free') {
    return {
      title,
      status: 'ok',
      detail: 'free: no jupyter-live-mcp is running, and the server can listen here when your MCP client starts it'
    };
  }
  if (portFacts.state === 'unusable') {
    return { title, status: 'problem', detail: portFacts.error, fix: `Use a port this user may listen on (above 1023): ${otherPort}.` };
  }
  const { status, holder } = portFacts;
  switch (status.kind) {
    case 'paired':
      if (status.version !== version) {
        return {
          title,
          status: 'problem',
          detail: `jupyter-live-mcp ${status.version} is running here, but this is ${version}`,
          fix: `Restart your MCP client (or the server it runs) so it runs ${version}.`
        };
      }
      return { title, status: 'ok', detail: `jupyter-live-mcp ${status.version} is running here` };
    case 'other-token':
      return {
        title,
        status: 'problem',
        detail: 'a jupyter-live-mcp is running here, but it was started with another pairing token than the one in your config file',
        fix:
          'Restart your MCP client so the server reads the current token (it reads it when it starts). If that server uses another ' +
          'config folder (JUPYTER_LIVE_MCP_CONFIG_DIR), run doctor with the same.'
      };
    case 'old-server':
      return {
        title,
        status: 'problem',
        detail: `an older jupyter-live-mcp is running here (it cannot report its status), while this is ${version}`,
        fix: `Restart your MCP client so it runs ${version}.`
      };
    case 'malformed':
      return {
        title,
        status: 'problem',
        detail: `a jupyter-live-mcp is running here, but its status answer is not what ${version} reads (${status.problem})`,
        fix: `Restart your MCP client so it runs ${version}.`
      };
    case 'not-ours':
      return {
        title,
        status: 'problem',
        detail: `held by ${describeHolder(holder, platform, port)}, not by jupyter-live-mcp (${status.detail})`,
        fix: `Stop that program, or use another port: ${otherPort}.`
      };
  }
}

function tokenCheck({ token, platform }: DoctorFacts): Check {
  const title = 'pairing token';
  switch (token.state) {
    case 'missing':
      return {
        title,
        status: 'problem',
        detail: `no token file at ${token.file}`,
        fix: `Run ${INSTALL}: it creates the token and writes it into the bridge's settings.`
      };
    case 'unreadable':
      return { title, status: 'problem', detail: token.error, fix: `Make ${token.file} readable by you (chmod 600 ${token.file}).` };
    case 'refused':
      return { title, status: 'problem', detail: token.detail, fix: token.fix };
    case 'invalid':
      return {
        title,
        status: 'problem',
        detail: `${token.file} holds no valid token (64 hex digits under "token")`,
        fix: `Run jupyter-live-mcp token --rotate, then ${INSTALL}, and restart your MCP client.`
      };
    case 'damaged':
      return {
        title,
        status: 'problem',
        detail: `${token.file} is damaged (${token.problem}), so the server will not start`,
        fix: `Correct that, or run jupyter-live-mcp token --rotate (it keeps what is valid), then ${INSTALL}, and restart your MCP client.`
      };
    case 'ok': {
      // Windows has no such modes: the file is in the user's profile.
      if (platform !== 'win32' && (token.mode & 0o077) !== 0) {
        return {
          title,
          status: 'problem',
          detail: `${token.file} is readable by other users (mode ${(token.mode & 0o777).toString(8).padStart(4, '0')})`,
          fix: `Run chmod 600 ${token.file}; since others could read it, then run jupyter-live-mcp token --rotate.`
        };
      }
      return { title, status: 'ok', detail: `in ${token.file}, readable by you only` };
    }
  }
}

function extensionCheck({ extension, version }: DoctorFacts): Check {
  const title = 'bridge extension';
  const { found, searched, target } = extension;
  const reload = 'then reload your Jupyter page.';
  const install = `${INSTALL} (with --data-dir <dir> if your Jupyter uses another data folder: jupyter --paths lists them)`;
  const [bridge, ...others] = found;
  if (bridge === undefined) {
    return {
      title,
      status: 'problem',
      detail: `not installed in any Jupyter data folder (${searched.join(', ')})`,
      fix:
        `Run ${install}, or, in the Python environment your Jupyter runs from, ${pipInstallLine(version)}; ${reload} ` +
        'Installed with pip already? Run doctor with that environment activated, so its folder is searched.'
    };
  }
  if (others.length) {
    return {
      title,
      status: 'problem',
      detail: `installed ${found.length} times: ${found.map(describeInstall).join('; ')} (JupyterLab loads the first it finds, in jupyter --paths order)`,
      fix: keepOneFix(found, target)
    };
  }
  const fix = (repair: boolean) =>
    bridge.by === 'pip'
      ? `In the Python environment it is in, run ${pipMendLine(version, repair)}; ${reload}`
      : `Run ${INSTALL} to ${repair ? 'copy it again' : 'install the matching bridge'}, ${reload}`;
  if (bridge.state === 'broken') {
    return { title, status: 'problem', detail: `${describeInstall(bridge)}, but broken: ${bridge.error}`, fix: fix(true) };
  }
  if (bridge.version !== version) {
    return {
      title,
      status: 'problem',
      detail: `version ${bridge.version} is ${describeInstall(bridge)}, but the server is ${version}`,
      fix: fix(false)
    };
  }
  return { title, status: 'ok', detail: `${bridge.version}, ${describeInstall(bridge)}` };
}

/** Install takes out its own copy when pip's bridge is there; any other second bridge is the person's to remove. */
function keepOneFix(found: readonly InstalledBridge[], target: string): string {
  const pip = found.filter((bridge) => bridge.by === 'pip');
  if (pip.length === 1 && found.every((bridge) => bridge.by === 'pip' || bridge.dir === target)) {
    return `Run ${INSTALL}: with pip's bridge there, it removes its own copy in ${target}. Then reload your Jupyter page.`;
  }
  return `Keep one: ${PIP_UNINSTALL} in a Python environment removes the bridge pip installed there, and a copied folder can be deleted. Then reload your Jupyter page.`;
}

function settingsTokenCheck({ settings, token }: DoctorFacts): Check {
  const title = "token in JupyterLab's settings";
  const fix = `Run ${INSTALL} (or paste the output of jupyter-live-mcp token into Settings → Agent bridge → Pairing token), then reload your Jupyter page.`;
  if (token.state !== 'ok') {
    return { title, status: 'note', detail: 'not checked: the server has no valid token yet (see above)' };
  }
  switch (settings.state) {
    case 'missing':
      return { title, status: 'problem', detail: `no bridge settings at ${settings.file}, so the page has no pairing token`, fix };
    case 'unreadable':
      return {
        title,
        status: 'problem',
        detail: settings.error,
        fix: `Make ${settings.file} readable by you (chmod 600 ${settings.file}).`
      };
    case 'refused':
      return { title, status: 'problem', detail: settings.detail, fix: settings.fix };
    case 'not-json':
      return {
        title,
        status: 'note',
        detail: `not checked: ${settings.file} is not a plain JSON object (comments?)`,
        fix: 'Make sure Settings → Agent bridge → Pairing token is the output of jupyter-live-mcp token.'
      };
    case 'ok':
      if (settings.problems.token) {
        return { title, status: 'problem', detail: `the token in ${settings.file} is not 64 hex digits, so the page has none`, fix };
      }
      if (settings.token === '') {
        return { title, status: 'problem', detail: `${settings.file} sets no token`, fix };
      }
      if (settings.token !== token.token) {
        return { title, status: 'problem', detail: `the token in ${settings.file} is not the server's (the page cannot pair)`, fix };
      }
      return { title, status: 'ok', detail: `matches the server's, in ${settings.file}` };
  }
}

// Stryker disable next-line ArrayDeclaration: the ports are numbers, never the text a mutant would put in the default.
function serverUrlCheck({ settings, port, publicPorts = [] }: DoctorFacts): Check {
  const title = 'bridge server URL';
  const urls = settings.state === 'ok' ? settings.serverUrls : settings.state === 'missing' ? [DEFAULT_SERVER_URL] : undefined;
  if (urls === undefined) {
    return { title, status: 'note', detail: `not checked: ${settings.file} cannot be read as JSON (see above)` };
  }
  if (settings.state === 'ok' && settings.problems.serverUrls) {
    return {
      title,
      status: 'problem',
      detail: `serverUrls in ${settings.file} is of the wrong shape (${settings.problems.serverUrls}), so the bridge ignores it and connects to ${DEFAULT_SERVER_URL}`,
      fix:
        `Run ${INSTALL} --port ${port} (it rewrites serverUrls), or make Settings → Agent bridge → Server URLs a list of at most 20 ` +
        `ws:// or wss:// URLs such as ws://127.0.0.1:${port}; then reload your Jupyter page.`
    };
  }
  if (urls.some((url) => isLoopbackUrlOnPort(url, port))) {
    return { title, status: 'ok', detail: `the bridge connects to port ${port}` };
  }
  const forwarded = urls.find((url) => publicPorts.includes(urlPort(url)));
  if (forwarded) {
    return { title, status: 'ok', detail: `the bridge connects to ${forwarded}, a --public-port forwarded to port ${port}` };
  }
  return {
    title,
    status: 'problem',
    detail: `the bridge connects to ${urls.join(', ') || 'no server'} (its serverUrls setting), not to port ${port}`,
    fix: `Run ${INSTALL} --port ${port} (or add ws://127.0.0.1:${port} to Settings → Agent bridge → Server URLs), then reload your Jupyter page.`
  };
}

function isLoopbackUrlOnPort(text: string, port: number): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(URL.canParse(text) ? new URL(text).hostname : '') && urlPort(text) === port;
}

/** The port a server URL dials (0 for text that is no URL). */
function urlPort(text: string): number {
  if (!URL.canParse(text)) {
    return 0;
  }
  const url = new URL(text);
  return url.port === '' ? (url.protocol === 'wss:' ? 443 : 80) : Number(url.port);
}

function pagesCheck({ portFacts, port }: DoctorFacts): Check {
  const title = 'pages connected';
  if (portFacts.state !== 'held' || portFacts.status.kind !== 'paired') {
    const why =
      portFacts.state === 'free'
        ? `no jupyter-live-mcp is running on port ${port}, so no page can connect yet: your MCP client starts it`
        : 'unknown: no paired jupyter-live-mcp answers on the bridge port (see above)';
    return { title, status: 'note', detail: why };
  }
  const { count, kinds } = portFacts.status.pages;
  if (count === 0) {
    return {
      title,
      status: 'problem',
      detail: 'none: the server runs, but no Jupyter page is connected to it',
      fix:
        'Open or reload your JupyterLab or Notebook 7 page. If it still does not connect, the "Agent:" item in its ' +
        'status bar and the browser console (messages starting [jupyter-live-mcp]) say why.'
    };
  }
  const list = Object.entries(kinds)
    .map(([kind, n]) => (n > 1 ? `${n} × ${kind}` : kind))
    .join(', ');
  return { title, status: 'ok', detail: `${count} page${count > 1 ? 's' : ''} (${list})` };
}

/** Pages paired by `pair` have their bridge where their Jupyter runs, so only the port, token and pages checks are about them. */
function otherHostsCheck(origins: readonly string[]): Check {
  return {
    title: 'pages from another host',
    status: 'note',
    detail:
      `paired with jupyter-live-mcp pair: ${origins.join(', ')}. Their bridge is installed where their Jupyter runs, so the ` +
      'extension and settings checks above are not about them. Their browser must allow the site "Local network access" ' +
      '(their "Agent:" status bar item says "blocked by the browser" until it does); jupyter-live-mcp pair <page URL> prints ' +
      'the link again'
  };
}
