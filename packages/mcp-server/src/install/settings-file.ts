/**
 * The bridge's JupyterLab settings file as install, uninstall, token --rotate
 * and doctor read it: a plain file of the user's (own-files.ts), JSON that
 * nests no deeper than a wire message may.
 */
import { MAX_NESTING_DEPTH, nestsDeeperThan, readBridgeSettingsFile, type BridgeSettingsFile } from '@jupyter-live-mcp/protocol';
import { FileRefusal, readOwnFile, refuseShared } from '../pairing/own-files.js';

export type SettingsRead =
  /** `found`: false when there is no file (the settings are then all defaults). */
  | { state: 'ok'; settings: BridgeSettingsFile; found: boolean }
  /** Not a plain JSON object (comments?): JupyterLab reads JSON5, so it is left alone rather than overwritten. */
  | { state: 'not-json' };

/**
 * The settings in `file` ({} when there is none). Throws FileRefusal for a link,
 * what is not a regular file, or JSON nested too deep to write back; with
 * `shared: 'refuse'` also for a file others can read or write, or a folder
 * others can write to.
 */
export async function readSettingsFile(file: string, options: { shared: 'refuse' | 'allow' }): Promise<SettingsRead> {
  const read = await readOwnFile(file, { links: 'refuse', redo: 'jupyter-live-mcp install' });
  if (options.shared === 'refuse') {
    await refuseShared(file, read);
  }
  let json: unknown;
  try {
    json = read === undefined ? {} : JSON.parse(read.text);
  } catch {
    return { state: 'not-json' };
  }
  if (nestsDeeperThan(json, MAX_NESTING_DEPTH)) {
    throw new FileRefusal(
      `${file} nests deeper than ${MAX_NESTING_DEPTH} levels, far more than any bridge setting`,
      'Correct it in Settings → Agent bridge (or remove the file), then run jupyter-live-mcp install.'
    );
  }
  const settings = readBridgeSettingsFile(json);
  return settings ? { state: 'ok', settings, found: read !== undefined } : { state: 'not-json' };
}
