import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { doctorCommand } from './doctor.js';
import { CliError } from './flags.js';

describe('the doctor command', () => {
  it('reads its folders and ports', () => {
    expect(doctorCommand.parse(['--data-dir', '/d', '--settings-dir', '/s', '--port', '9000'])).toEqual({
      dataDir: '/d',
      settingsDir: '/s',
      port: 9000,
      publicPorts: []
    });
    expect(doctorCommand.parse(['--public-port', '18767'])).toEqual({ port: DEFAULT_BRIDGE_PORT, publicPorts: [18767] });
  });

  it('refuses --port 0: it checks one port', () => {
    expect(() => doctorCommand.parse(['--port', '0'])).toThrow(
      new CliError('doctor checks one port: give it the --port your server uses (0 means "any free port" only when the server starts).')
    );
  });
});
