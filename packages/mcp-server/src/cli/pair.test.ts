import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_PORT } from '@jupyter-live-mcp/protocol';
import { parseCommandLine } from './command-line.js';

const options = (argv: string[]) => {
  const line = parseCommandLine(argv);
  if (line.kind !== 'run') throw new Error(`expected a command to run, got ${line.kind}`);
  return line.options;
};

describe('jupyter-live-mcp pair', () => {
  it("takes the page's URL (without its fragment), the port and --open", () => {
    expect(options(['pair', 'https://hub.example.org/user/ann/lab/tree/x.ipynb#old'])).toEqual({
      pageUrl: 'https://hub.example.org/user/ann/lab/tree/x.ipynb',
      origin: 'https://hub.example.org',
      port: DEFAULT_BRIDGE_PORT,
      open: false
    });
    expect(options(['pair', '--open', 'http://10.0.0.5:8888/lab', '--port', '9000'])).toMatchObject({
      origin: 'http://10.0.0.5:8888',
      port: 9000,
      open: true
    });
    // A container's published port: a page on this computer.
    expect(options(['pair', 'http://localhost:8888/lab'])).toMatchObject({ origin: 'http://localhost:8888' });
  });

  it('refuses what is not a page URL, saying what it takes', () => {
    expect(() => options(['pair'])).toThrow(/pair needs the Jupyter page's URL, as your browser shows it/);
    expect(() => options(['pair', 'hub.example.org'])).toThrow(/the page's full URL, such as https:\/\/hub/);
    expect(() => options(['pair', 'file:///tmp/x.html'])).toThrow(/an http or https page URL/);
    expect(() => options(['pair', 'https://a.example', 'https://b.example'])).toThrow(
      /unknown command "pair https:\/\/a\.example https:\/\/b\.example"/
    );
    expect(() => options(['token', 'https://a.example'])).toThrow(/unknown command/);
    expect(() => options(['token', '--open'])).toThrow('--open goes with lite (jupyter-live-mcp lite --open) and pair.');
  });
});
