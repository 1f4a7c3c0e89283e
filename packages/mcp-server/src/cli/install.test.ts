import { describe, expect, it } from 'vitest';
import { CliError } from './flags.js';
import { installCommand, uninstallCommand } from './install.js';

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
});
