import { DEFAULT_SERVER_URL } from '@jupyter-live-mcp/protocol';
import { describe, expect, it } from 'vitest';
import type { InstalledBridge } from '../install/installed-bridges.js';
import { runChecks, type Check, type DoctorFacts, type ExtensionFacts, type SettingsFacts } from './checks.js';
import { exitCode, formatReport } from './report.js';

const TOKEN = 'a'.repeat(64);
const BRIDGE = '/data/labextensions/jupyter-live-mcp-bridge';
const PIP_BRIDGE = '/venv/share/jupyter/labextensions/jupyter-live-mcp-bridge';

/** Doctor's view of the bridges in the data folders /data (the data dir), /venv/share/jupyter and /usr/share/jupyter. */
function extension(...found: InstalledBridge[]): ExtensionFacts {
  return { target: BRIDGE, searched: ['/data', '/venv/share/jupyter', '/usr/share/jupyter'], found };
}

/** A setup where all is well: a server with one page, installed and paired on the default port. */
function facts(change: Partial<DoctorFacts> = {}): DoctorFacts {
  return {
    version: '0.1.0',
    platform: 'linux',
    port: 8767,
    portFacts: { state: 'held', status: { kind: 'paired', version: '0.1.0', pages: { count: 1, kinds: { 'JupyterLab 4.6.4': 1 } } } },
    token: { file: '/cfg/config.json', state: 'ok', token: TOKEN, mode: 0o100600 },
    extension: extension({ dir: BRIDGE, by: 'copy', state: 'ok', version: '0.1.0' }),
    settings: settingsFile('/s/jupyter-live-mcp-bridge/plugin.jupyterlab-settings'),
    ...change
  };
}

/** A settings file read as doctor reads it, the default server URL and the server's token unless `change` says otherwise. */
function settingsFile(file: string, change: Partial<Extract<SettingsFacts, { state: 'ok' }>> = {}): SettingsFacts {
  return { file, state: 'ok', token: TOKEN, serverUrls: [DEFAULT_SERVER_URL], problems: {}, ...change };
}

const check = (title: string, change: Partial<DoctorFacts>): Check => runChecks(facts(change)).find((c) => c.title.startsWith(title))!;

describe('doctor checks', () => {
  it('notes pages paired from another host, whose bridge and settings are not on this computer, without calling it a problem', () => {
    const checks = runChecks(facts({ pairedOrigins: ['https://hub.example.org'] }));
    expect(checks.at(-1)).toMatchObject({ title: 'pages from another host', status: 'note' });
    expect(checks.at(-1)!.detail).toMatch(
      /pair: https:\/\/hub\.example\.org\. Their bridge is installed where their Jupyter runs.*"Local network access"/
    );
    expect(exitCode(checks)).toBe(0);
    expect(runChecks(facts({ pairedOrigins: [] })).map((c) => c.title)).not.toContain('pages from another host');
  });

  it('finds nothing wrong with a working setup, and says what it saw', () => {
    const checks = runChecks(facts());
    expect(checks.map((c) => [c.title, c.status, c.detail])).toEqual([
      ['bridge port 8767', 'ok', 'jupyter-live-mcp 0.1.0 is running here'],
      ['pairing token', 'ok', 'in /cfg/config.json, readable by you only'],
      ['bridge extension', 'ok', '0.1.0, copied into /data/labextensions/jupyter-live-mcp-bridge'],
      ["token in JupyterLab's settings", 'ok', "matches the server's, in /s/jupyter-live-mcp-bridge/plugin.jupyterlab-settings"],
      ['bridge server URL', 'ok', 'the bridge connects to port 8767'],
      ['pages connected', 'ok', '1 page (JupyterLab 4.6.4)']
    ]);
    expect(exitCode(checks)).toBe(0);
  });

  it('a free port is fine, and then no page can be connected yet', () => {
    expect(check('bridge port', { portFacts: { state: 'free' } }).status).toBe('ok');
    expect(check('pages', { portFacts: { state: 'free' } })).toMatchObject({
      status: 'note',
      detail: expect.stringContaining('your MCP client starts it')
    });
    expect(exitCode(runChecks(facts({ portFacts: { state: 'free' } })))).toBe(0);
  });

  it('names the process that holds the port, and how to move', () => {
    const held = check('bridge port', {
      portFacts: {
        state: 'held',
        status: { kind: 'not-ours', detail: 'it answers HTTP 404 to GET /status' },
        holder: { kind: 'process', pid: 42, name: 'python3', command: 'python3 -m http.server 8767' }
      }
    });
    expect(held).toEqual({
      title: 'bridge port 8767',
      status: 'problem',
      detail: 'held by python3 (pid 42: python3 -m http.server 8767), not by jupyter-live-mcp (it answers HTTP 404 to GET /status)',
      fix: "Stop that program, or use another port: start the server with --port <n> (in your MCP client's config) and run jupyter-live-mcp install --port <n> so the bridge connects there."
    });
  });

  it('says how to find a holder it cannot see', () => {
    const status = { kind: 'not-ours', detail: 'x' } as const;
    expect(check('bridge port', { portFacts: { state: 'held', status, holder: { kind: 'other-user', user: 'root' } } }).detail).toContain(
      'a process of user root (sudo lsof -i :8767 names it)'
    );
    expect(
      check('bridge port', { platform: 'darwin', portFacts: { state: 'held', status, holder: { kind: 'unknown' } } }).detail
    ).toContain('another program (lsof -i :8767 names it)');
    expect(check('bridge port', { platform: 'win32', portFacts: { state: 'held', status, holder: { kind: 'unknown' } } }).detail).toContain(
      'netstat -ano | findstr :8767'
    );
  });

  it('tells a server with another token, an older server and a server of another version apart', () => {
    expect(check('bridge port', { portFacts: { state: 'held', status: { kind: 'other-token' } } }).fix).toMatch(
      /^Restart your MCP client so the server reads the current token/
    );
    expect(check('bridge port', { portFacts: { state: 'held', status: { kind: 'old-server' } } }).detail).toMatch(
      /an older jupyter-live-mcp is running here/
    );
    const malformed = { state: 'held', status: { kind: 'malformed', problem: 'version: expected string' } } as const;
    expect(check('bridge port', { portFacts: malformed })).toMatchObject({
      status: 'problem',
      detail: 'a jupyter-live-mcp is running here, but its status answer is not what 0.1.0 reads (version: expected string)',
      fix: 'Restart your MCP client so it runs 0.1.0.'
    });
    const other = check('bridge port', {
      portFacts: { state: 'held', status: { kind: 'paired', version: '0.0.9', pages: { count: 0, kinds: {} } } }
    });
    expect(other).toMatchObject({ status: 'problem', detail: 'jupyter-live-mcp 0.0.9 is running here, but this is 0.1.0' });
  });

  it('a running server without pages is a problem with a fix', () => {
    const none = check('pages', {
      portFacts: { state: 'held', status: { kind: 'paired', version: '0.1.0', pages: { count: 0, kinds: {} } } }
    });
    expect(none).toMatchObject({ status: 'problem', fix: expect.stringContaining('Open or reload your JupyterLab or Notebook 7 page') });
    const two = check('pages', {
      portFacts: {
        state: 'held',
        status: { kind: 'paired', version: '0.1.0', pages: { count: 3, kinds: { 'JupyterLab 4.6.4': 2, 'Jupyter Notebook 7.6.0': 1 } } }
      }
    });
    expect(two.detail).toBe('3 pages (2 × JupyterLab 4.6.4, Jupyter Notebook 7.6.0)');
  });

  it('checks the token file: there, valid, readable by the user only', () => {
    expect(check('pairing token', { token: { file: '/c', state: 'missing' } }).fix).toBe(
      "Run jupyter-live-mcp install: it creates the token and writes it into the bridge's settings."
    );
    expect(check('pairing token', { token: { file: '/c', state: 'invalid' } }).fix).toMatch(/^Run jupyter-live-mcp token --rotate/);
    expect(check('pairing token', { token: { file: '/c', state: 'damaged', problem: 'settingsFiles: expected array' } })).toMatchObject({
      status: 'problem',
      detail: '/c is damaged (settingsFiles: expected array), so the server will not start',
      fix: expect.stringMatching(/^Correct that, or run jupyter-live-mcp token --rotate/)
    });
    expect(check('pairing token', { token: { file: '/c', state: 'ok', token: TOKEN, mode: 0o100644 } })).toMatchObject({
      status: 'problem',
      detail: '/c is readable by other users (mode 0644)',
      fix: 'Run chmod 600 /c; since others could read it, then run jupyter-live-mcp token --rotate.'
    });
    expect(check('pairing token', { platform: 'win32', token: { file: '/c', state: 'ok', token: TOKEN, mode: 0o100666 } }).status).toBe(
      'ok'
    );
    expect(check("token in JupyterLab's", { token: { file: '/c', state: 'missing' } }).status).toBe('note');
  });

  it('checks the installed bridge and its version', () => {
    const missing = check('bridge extension', { extension: extension() });
    expect(missing).toMatchObject({
      status: 'problem',
      detail: 'not installed in any Jupyter data folder (/data, /venv/share/jupyter, /usr/share/jupyter)',
      fix:
        'Run jupyter-live-mcp install (with --data-dir <dir> if your Jupyter uses another data folder: jupyter --paths lists them), ' +
        'or, in the Python environment your Jupyter runs from, pip install packages/lab-bridge/dist/jupyter_live_mcp_bridge-0.1.0-py3-none-any.whl ' +
        '(in a clone of jupyter-live-mcp, after its build: the bridge is not on PyPI yet); then reload your Jupyter page. ' +
        'Installed with pip already? Run doctor with that environment activated, so its folder is searched.'
    });
    expect(check('bridge extension', { extension: extension({ dir: BRIDGE, by: 'copy', state: 'ok', version: '0.0.1' }) })).toMatchObject({
      status: 'problem',
      detail: `version 0.0.1 is copied into ${BRIDGE}, but the server is 0.1.0`,
      fix: 'Run jupyter-live-mcp install to install the matching bridge, then reload your Jupyter page.'
    });
    expect(
      check('bridge extension', { extension: extension({ dir: BRIDGE, by: 'copy', state: 'broken', error: 'EACCES' }) })
    ).toMatchObject({
      status: 'problem',
      detail: `copied into ${BRIDGE}, but broken: EACCES`,
      fix: 'Run jupyter-live-mcp install to copy it again, then reload your Jupyter page.'
    });
  });

  it('accepts a bridge pip installed, says so, and says what pip command mends it', () => {
    expect(check('bridge extension', { extension: extension({ dir: PIP_BRIDGE, by: 'pip', state: 'ok', version: '0.1.0' }) })).toEqual({
      title: 'bridge extension',
      status: 'ok',
      detail: `0.1.0, installed by pip in ${PIP_BRIDGE}`
    });
    expect(
      check('bridge extension', { extension: extension({ dir: PIP_BRIDGE, by: 'pip', state: 'ok', version: '0.2.0' }) })
    ).toMatchObject({
      status: 'problem',
      detail: `version 0.2.0 is installed by pip in ${PIP_BRIDGE}, but the server is 0.1.0`,
      fix:
        'In the Python environment it is in, run pip install packages/lab-bridge/dist/jupyter_live_mcp_bridge-0.1.0-py3-none-any.whl ' +
        '(in a clone of jupyter-live-mcp, after its build: the bridge is not on PyPI yet), or pip uninstall jupyter-live-mcp-bridge and then jupyter-live-mcp install (it copies the bridge this server ships); ' +
        'then reload your Jupyter page.'
    });
    expect(
      check('bridge extension', {
        extension: extension({ dir: PIP_BRIDGE, by: 'pip', state: 'broken', error: 'its package.json has no version' })
      })
    ).toMatchObject({
      status: 'problem',
      fix: expect.stringMatching(
        /^In the Python environment it is in, run pip install --force-reinstall packages\/lab-bridge\/dist\/.*, or pip uninstall/
      )
    });
  });

  it('finds a bridge installed twice, and says how to keep one', () => {
    const copy = { dir: BRIDGE, by: 'copy', state: 'ok', version: '0.1.0' } as const;
    const pip = { dir: PIP_BRIDGE, by: 'pip', state: 'ok', version: '0.1.0' } as const;
    expect(check('bridge extension', { extension: extension(copy, pip) })).toMatchObject({
      status: 'problem',
      detail:
        `installed 2 times: copied into ${BRIDGE}; installed by pip in ${PIP_BRIDGE} ` +
        '(JupyterLab loads the first it finds, in jupyter --paths order)',
      fix: `Run jupyter-live-mcp install: with pip's bridge there, it removes its own copy in ${BRIDGE}. Then reload your Jupyter page.`
    });
    const otherPip = { ...pip, dir: '/usr/share/jupyter/labextensions/jupyter-live-mcp-bridge' };
    expect(check('bridge extension', { extension: extension(pip, otherPip) }).fix).toMatch(
      /^Keep one: pip uninstall jupyter-live-mcp-bridge in a Python environment removes the bridge pip installed there/
    );
  });

  it("checks the token in JupyterLab's settings without ever showing it", () => {
    const file = '/s/f';
    const wrong = check("token in JupyterLab's", { settings: settingsFile(file, { token: 'b'.repeat(64) }) });
    expect(wrong).toMatchObject({
      status: 'problem',
      detail: "the token in /s/f is not the server's (the page cannot pair)",
      fix: expect.stringContaining('Run jupyter-live-mcp install')
    });
    expect(JSON.stringify(runChecks(facts({ settings: settingsFile(file, { token: 'b'.repeat(64) }) })))).not.toMatch(/aaaa|bbbb/);
    expect(check("token in JupyterLab's", { settings: { file, state: 'missing' } }).detail).toBe(
      'no bridge settings at /s/f, so the page has no pairing token'
    );
    expect(check("token in JupyterLab's", { settings: settingsFile(file, { token: '' }) }).detail).toBe('/s/f sets no token');
    expect(
      check("token in JupyterLab's", {
        settings: settingsFile(file, { token: '', problems: { token: 'token: not a token (64 hex digits)' } })
      })
    ).toMatchObject({
      status: 'problem',
      detail: 'the token in /s/f is not 64 hex digits, so the page has none',
      fix: expect.stringContaining('Run jupyter-live-mcp install')
    });
    expect(check("token in JupyterLab's", { settings: { file, state: 'not-json' } }).status).toBe('note');
    expect(check("token in JupyterLab's", { settings: { file, state: 'unreadable', error: 'cannot read /s/f: EACCES' } })).toMatchObject({
      status: 'problem',
      fix: 'Make /s/f readable by you (chmod 600 /s/f).'
    });
  });

  it('checks that the bridge connects to the port', () => {
    const file = '/s/f';
    expect(check('bridge server URL', { port: 9000 })).toMatchObject({
      status: 'problem',
      detail: 'the bridge connects to ws://127.0.0.1:8767 (its serverUrls setting), not to port 9000',
      fix: expect.stringMatching(/^Run jupyter-live-mcp install --port 9000/)
    });
    expect(check('bridge server URL', { port: 9000, settings: settingsFile(file, { serverUrls: ['ws://localhost:9000'] }) }).status).toBe(
      'ok'
    );
    // Through a forward the person named with --public-port.
    const forwarded = {
      port: 8767,
      publicPorts: [443],
      settings: settingsFile(file, { serverUrls: ['wss://hub.example.org/proxy/8767/'] })
    };
    expect(check('bridge server URL', forwarded)).toMatchObject({
      status: 'ok',
      detail: 'the bridge connects to wss://hub.example.org/proxy/8767/, a --public-port forwarded to port 8767'
    });
    expect(check('bridge server URL', { ...forwarded, publicPorts: [] }).status).toBe('problem');
    expect(check('bridge server URL', { settings: settingsFile(file, { serverUrls: [] }) }).detail).toMatch(/connects to no server/);
    // The page ignores serverUrls of the wrong shape, even when its default would do.
    const badUrls = settingsFile(file, { problems: { serverUrls: 'serverUrls.0: not a ws:// or wss:// URL' } });
    expect(check('bridge server URL', { settings: badUrls })).toMatchObject({
      status: 'problem',
      detail:
        'serverUrls in /s/f is of the wrong shape (serverUrls.0: not a ws:// or wss:// URL), so the bridge ignores it and connects to ws://127.0.0.1:8767',
      fix: expect.stringMatching(
        /^Run jupyter-live-mcp install --port 8767 \(it rewrites serverUrls\), or make Settings → Agent bridge → Server URLs/
      )
    });
    expect(check('bridge server URL', { settings: { file, state: 'not-json' } }).status).toBe('note');
  });
});

describe('doctor checks, each problem said whole', () => {
  const OTHER_PORT =
    "start the server with --port <n> (in your MCP client's config) and run jupyter-live-mcp install --port <n> so the bridge connects there";

  it('says what each state of the bridge port means and what to do', () => {
    expect(check('bridge port', { portFacts: { state: 'free' } })).toEqual({
      title: 'bridge port 8767',
      status: 'ok',
      detail: 'free: no jupyter-live-mcp is running, and the server can listen here when your MCP client starts it'
    });
    expect(check('bridge port', { portFacts: { state: 'unusable', error: 'listen EACCES: permission denied 127.0.0.1:80' } })).toEqual({
      title: 'bridge port 8767',
      status: 'problem',
      detail: 'listen EACCES: permission denied 127.0.0.1:80',
      fix: `Use a port this user may listen on (above 1023): ${OTHER_PORT}.`
    });
    expect(
      check('bridge port', { portFacts: { state: 'held', status: { kind: 'paired', version: '0.0.9', pages: { count: 0, kinds: {} } } } })
    ).toEqual({
      title: 'bridge port 8767',
      status: 'problem',
      detail: 'jupyter-live-mcp 0.0.9 is running here, but this is 0.1.0',
      fix: 'Restart your MCP client (or the server it runs) so it runs 0.1.0.'
    });
    expect(check('bridge port', { portFacts: { state: 'held', status: { kind: 'other-token' } } })).toEqual({
      title: 'bridge port 8767',
      status: 'problem',
      detail: 'a jupyter-live-mcp is running here, but it was started with another pairing token than the one in your config file',
      fix:
        'Restart your MCP client so the server reads the current token (it reads it when it starts). If that server uses another ' +
        'config folder (JUPYTER_LIVE_MCP_CONFIG_DIR), run doctor with the same.'
    });
    expect(check('bridge port', { portFacts: { state: 'held', status: { kind: 'old-server' } } })).toEqual({
      title: 'bridge port 8767',
      status: 'problem',
      detail: 'an older jupyter-live-mcp is running here (it cannot report its status), while this is 0.1.0',
      fix: 'Restart your MCP client so it runs 0.1.0.'
    });
  });

  it('says what each state of the token file means and what to do', () => {
    const token = (facts: DoctorFacts['token']) => check('pairing token', { token: facts });
    expect(token({ file: '/c', state: 'missing' })).toEqual({
      title: 'pairing token',
      status: 'problem',
      detail: 'no token file at /c',
      fix: "Run jupyter-live-mcp install: it creates the token and writes it into the bridge's settings."
    });
    expect(token({ file: '/c', state: 'unreadable', error: 'cannot read /c: EACCES' })).toEqual({
      title: 'pairing token',
      status: 'problem',
      detail: 'cannot read /c: EACCES',
      fix: 'Make /c readable by you (chmod 600 /c).'
    });
    expect(token({ file: '/c', state: 'refused', detail: '/c is a link', fix: 'Replace the link with the file.' })).toEqual({
      title: 'pairing token',
      status: 'problem',
      detail: '/c is a link',
      fix: 'Replace the link with the file.'
    });
    expect(token({ file: '/c', state: 'invalid' })).toEqual({
      title: 'pairing token',
      status: 'problem',
      detail: '/c holds no valid token (64 hex digits under "token")',
      fix: 'Run jupyter-live-mcp token --rotate, then jupyter-live-mcp install, and restart your MCP client.'
    });
  });

  it("says what each state of JupyterLab's settings means for the token and the server URL", () => {
    const file = '/s/f';
    const both = (change: Partial<DoctorFacts>) => [check("token in JupyterLab's", change), check('bridge server URL', change)];
    const fix =
      'Run jupyter-live-mcp install (or paste the output of jupyter-live-mcp token into Settings → Agent bridge → Pairing token), then reload your Jupyter page.';
    expect(check("token in JupyterLab's", { token: { file: '/c', state: 'invalid' } })).toEqual({
      title: "token in JupyterLab's settings",
      status: 'note',
      detail: 'not checked: the server has no valid token yet (see above)'
    });
    // No settings file: the page has no token, and connects to the default URL, which is the default port's.
    expect(both({ settings: { file, state: 'missing' } })).toEqual([
      {
        title: "token in JupyterLab's settings",
        status: 'problem',
        detail: 'no bridge settings at /s/f, so the page has no pairing token',
        fix
      },
      { title: 'bridge server URL', status: 'ok', detail: 'the bridge connects to port 8767' }
    ]);
    expect(both({ settings: { file, state: 'refused', detail: '/s/f is a FIFO', fix: 'Make it a file.' } })).toEqual([
      { title: "token in JupyterLab's settings", status: 'problem', detail: '/s/f is a FIFO', fix: 'Make it a file.' },
      { title: 'bridge server URL', status: 'note', detail: 'not checked: /s/f cannot be read as JSON (see above)' }
    ]);
    expect(both({ settings: { file, state: 'not-json' } })).toEqual([
      {
        title: "token in JupyterLab's settings",
        status: 'note',
        detail: 'not checked: /s/f is not a plain JSON object (comments?)',
        fix: 'Make sure Settings → Agent bridge → Pairing token is the output of jupyter-live-mcp token.'
      },
      { title: 'bridge server URL', status: 'note', detail: 'not checked: /s/f cannot be read as JSON (see above)' }
    ]);
    expect(check("token in JupyterLab's", { settings: settingsFile(file, { token: '' }) })).toEqual({
      title: "token in JupyterLab's settings",
      status: 'problem',
      detail: '/s/f sets no token',
      fix
    });
    const badUrls = settingsFile(file, { problems: { serverUrls: 'serverUrls: expected array' } });
    expect(check('bridge server URL', { settings: badUrls }).fix).toBe(
      'Run jupyter-live-mcp install --port 8767 (it rewrites serverUrls), or make Settings → Agent bridge → Server URLs a list of at most 20 ' +
        'ws:// or wss:// URLs such as ws://127.0.0.1:8767; then reload your Jupyter page.'
    );
  });

  it('reads the port each server URL dials, with the scheme’s default, and names them all when none is this server', () => {
    const urls = (serverUrls: string[], change: Partial<DoctorFacts> = {}) =>
      check('bridge server URL', { ...change, settings: settingsFile('/s/f', { serverUrls }) });
    expect(urls(['ws://[::1]:8767']).status).toBe('ok');
    expect(urls(['wss://hub.example.org:8443/proxy/'], { publicPorts: [8443] }).status).toBe('ok');
    expect(urls(['wss://hub.example.org:8443/proxy/'], { publicPorts: [443] }).status).toBe('problem');
    expect(urls(['ws://proxy.example.org/bridge'], { publicPorts: [80] }).status).toBe('ok');
    expect(urls(['ws://proxy.example.org/bridge'], { publicPorts: [443] }).status).toBe('problem');
    expect(urls(['not a url', 'ws://127.0.0.1:9999'], { publicPorts: [443] })).toEqual({
      title: 'bridge server URL',
      status: 'problem',
      detail: 'the bridge connects to not a url, ws://127.0.0.1:9999 (its serverUrls setting), not to port 8767',
      fix: 'Run jupyter-live-mcp install --port 8767 (or add ws://127.0.0.1:8767 to Settings → Agent bridge → Server URLs), then reload your Jupyter page.'
    });
  });

  it('says whose second bridge install can take out: its own copy beside one pip install only', () => {
    const copy = { dir: BRIDGE, by: 'copy', state: 'ok', version: '0.1.0' } as const;
    const pip = { dir: PIP_BRIDGE, by: 'pip', state: 'ok', version: '0.1.0' } as const;
    const otherPip = { ...pip, dir: '/usr/share/jupyter/labextensions/jupyter-live-mcp-bridge' };
    const otherCopy = { ...copy, dir: '/usr/share/jupyter/labextensions/jupyter-live-mcp-bridge' };
    const keepOne =
      'Keep one: pip uninstall jupyter-live-mcp-bridge in a Python environment removes the bridge pip installed there, and a copied folder can be deleted. Then reload your Jupyter page.';
    expect(check('bridge extension', { extension: extension(pip, otherCopy) }).fix).toBe(keepOne);
    expect(check('bridge extension', { extension: extension(copy, pip, otherPip) }).fix).toBe(keepOne);
  });

  it('says what the pages check found, and names every host paired from afar', () => {
    for (const portFacts of [
      { state: 'unusable', error: 'EACCES' },
      { state: 'held', status: { kind: 'old-server' } }
    ] as const) {
      expect(check('pages', { portFacts })).toEqual({
        title: 'pages connected',
        status: 'note',
        detail: 'unknown: no paired jupyter-live-mcp answers on the bridge port (see above)'
      });
    }
    expect(check('pages', { portFacts: { state: 'free' } }).detail).toBe(
      'no jupyter-live-mcp is running on port 8767, so no page can connect yet: your MCP client starts it'
    );
    expect(
      check('pages', { portFacts: { state: 'held', status: { kind: 'paired', version: '0.1.0', pages: { count: 0, kinds: {} } } } })
    ).toEqual({
      title: 'pages connected',
      status: 'problem',
      detail: 'none: the server runs, but no Jupyter page is connected to it',
      fix:
        'Open or reload your JupyterLab or Notebook 7 page. If it still does not connect, the "Agent:" item in its ' +
        'status bar and the browser console (messages starting [jupyter-live-mcp]) say why.'
    });
    expect(check('pages from another host', { pairedOrigins: ['https://a.example.org', 'https://b.example.org'] }).detail).toBe(
      'paired with jupyter-live-mcp pair: https://a.example.org, https://b.example.org. Their bridge is installed where their Jupyter runs, so the ' +
        'extension and settings checks above are not about them. Their browser must allow the site "Local network access" ' +
        '(their "Agent:" status bar item says "blocked by the browser" until it does); jupyter-live-mcp pair <page URL> prints ' +
        'the link again'
    );
  });
});

describe('the report', () => {
  it('puts each fix under its problem and ends with what to do', () => {
    const checks = runChecks(facts({ extension: extension() }));
    const report = formatReport('0.1.0', checks);
    expect(report).toContain('ok       bridge port 8767: jupyter-live-mcp 0.1.0 is running here\n');
    expect(report).toContain(
      'PROBLEM  bridge extension: not installed in any Jupyter data folder (/data, /venv/share/jupyter, /usr/share/jupyter)\n         fix: Run jupyter-live-mcp install'
    );
    expect(report.endsWith('1 problem found. Fix it, then run jupyter-live-mcp doctor again.\n')).toBe(true);
    expect(exitCode(checks)).toBe(1);
    expect(formatReport('0.1.0', runChecks(facts()))).toMatch(/^jupyter-live-mcp doctor 0\.1\.0\n\n[\s\S]*\nNo problems found\.\n$/);
  });
});
