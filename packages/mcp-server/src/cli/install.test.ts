import { describe, expect, it } from 'vitest';
import { CliError } from './flags.js';
import { installCommand, uninstallCommand, uninstallCommandLine } from './install.js';

describe('the install and uninstall commands', () => {
  it('read their folders, and install the port to write into the settings', () => {
    expect(installCommand.parse(['--data-dir', '/d', '--settings-dir', '/s', '--port', '9000'])).toEqual({
      dataDir: '/d',
      settingsDir: '/s',
      port: 9000
    });
    expect(installCommand.parse(['--port', '8767'])).toEqual({ port: 8767 });
    // Without --port, the page's serverUrls setting is left as it is.
    expect(installCommand.parse([])).toEqual({});
    expect(uninstallCommand.parse(['--data-dir', '/d'])).toEqual({ dataDir: '/d' });
  });

  it('refuses to install --port 0', () => {
    expect(() => installCommand.parse(['--port', '0'])).toThrow(
      new CliError(
        "install writes the server's URL into the page's settings, so it needs the port the server will use; --port 0 picks another each run. Give a fixed --port, or leave it out for 8767."
      )
    );
  });

  it('say how to undo an install with the folder flags it was given, quoted for a shell', () => {
    expect(uninstallCommandLine({})).toBe('jupyter-live-mcp uninstall');
    expect(uninstallCommandLine({ port: 9000 })).toBe('jupyter-live-mcp uninstall');
    expect(uninstallCommandLine({ dataDir: '/home/me/.local/share/jupyter', settingsDir: "/tmp/my lab's settings" })).toBe(
      "jupyter-live-mcp uninstall --data-dir /home/me/.local/share/jupyter --settings-dir '/tmp/my lab'\\''s settings'"
    );
  });
});
