/**
 * Files that hold the pairing token (config.json, the bridge's settings), read
 * and written so that nothing another user planted is followed: a FIFO would
 * hang the read, a link would take the token to their file. Refusals say what
 * is wrong and what to do (FileRefusal), for doctor and for the commands.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Windows has no such modes, links or FIFOs there: the files are in the user's profile. */
export const HAS_MODES = process.platform !== 'win32';

export const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

export class FileRefusal extends Error {
  constructor(
    readonly detail: string,
    readonly fix: string
  ) {
    super(`${detail}. ${fix}`);
  }
}

export interface OwnFileRead {
  text: string;
  mode: number;
}

/**
 * The file's text and mode, undefined when there is none. Refuses what is not a
 * regular file, and with `links: 'refuse'` a symbolic link; `redo` is the command
 * the fix ends with.
 */
export async function readOwnFile(file: string, options: { links: 'refuse' | 'follow'; redo: string }): Promise<OwnFileRead | undefined> {
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
  const flags =
    constants.O_RDONLY | (HAS_MODES ? constants.O_NONBLOCK : 0) | (HAS_MODES && options.links === 'refuse' ? constants.O_NOFOLLOW : 0);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return undefined;
    }
    if (code === 'ELOOP') {
      throw new FileRefusal(
        `${file} is a symbolic link, and the pairing token is never written through one (another user may have planted it)`,
        `Remove the link (rm ${file}), check who can write to ${path.dirname(file)}, then run ${options.redo}.`
      );
    }
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new FileRefusal(
        `${file} is ${kindOf(info)}, not a regular file`,
        `Move it away (it must be a plain file, or absent), then run ${options.redo}.`
      );
    }
    return { text: await handle.readFile('utf8'), mode: info.mode };
  } finally {
    await handle.close();
  }
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'a special file';
}

/**
 * Refuses a token file others can write, or read while it holds a token (`read`,
 * undefined when there is no file yet), or a folder above it that lets others
 * put a file of theirs in its place (openFolderAbove): they may know the token,
 * may change where the page connects, or could plant a link or a file of theirs
 * where it goes. A file others may only read is fine before a token is in it
 * (JupyterLab writes settings 0644): it is replaced by one readable by the user only.
 */
export async function refuseShared(file: string, read: OwnFileRead | undefined): Promise<void> {
  if (!HAS_MODES) {
    return;
  }
  const exposed = read === undefined ? 0 : read.mode & (TOKEN_PATTERN.test(read.text) ? 0o066 : 0o022);
  if (read !== undefined && exposed !== 0) {
    throw new FileRefusal(
      `${file} can be ${exposed & 0o044 ? 'read' : 'written'} by other users (mode ${octal(read.mode)})${exposed & 0o044 ? ', and it holds a pairing token' : ''}`,
      `Run chmod 600 ${file}, ${ROTATE}.`
    );
  }
  await refuseOpenFolders(file);
}

const ROTATE = 'then run jupyter-live-mcp token --rotate (they may know the token) and reload your Jupyter pages';

/** Refuses a file whose folders let others put a file of theirs in its place (openFolderAbove), with the fix. */
export async function refuseOpenFolders(file: string): Promise<void> {
  const open = HAS_MODES ? await openFolderAbove(file) : undefined;
  if (open?.owner !== undefined) {
    throw new FileRefusal(
      `${open.path} belongs to another user (uid ${open.owner}), who could put a link or a file of theirs where ${file} goes`,
      `Keep your Jupyter and jupyter-live-mcp folders in folders of your own (or have ${open.path} given to you), ${ROTATE}.`
    );
  }
  if (open) {
    throw new FileRefusal(
      `${open.path} can be written by other users (mode ${octal(open.mode)}), so they could put a link or a file of theirs where ${file} goes`,
      `Run chmod go-w ${open.path}, ${ROTATE}.`
    );
  }
}

/** A pairing token anywhere in a file's text (64 hex digits), whatever the file's shape. */
const TOKEN_PATTERN = /[0-9a-f]{64}/i;

/** The sticky bit: in such a folder (/tmp) others cannot rename or remove what is not theirs. */
const STICKY = 0o1000;

/**
 * The first folder on the way from `file` up to / that lets another user put a
 * file of theirs where `file` goes, as ssh checks a key's folders: one that
 * belongs to another user (not root), the nearest existing one if others can
 * write to it (they could create the file first), or one further up that
 * others can write to and is not sticky (they could rename the folder below it
 * and make their own). Folders not made yet are passed over: install makes them.
 */
export async function openFolderAbove(file: string): Promise<{ path: string; mode: number; owner?: number } | undefined> {
  const me = process.getuid?.();
  let nearest = true;
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (info) {
      if (me !== undefined && info.uid !== me && info.uid !== 0) {
        return { path: folder, mode: info.mode, owner: info.uid };
      }
      if ((info.mode & 0o022) !== 0 && (nearest || (info.mode & STICKY) === 0)) {
        return { path: folder, mode: info.mode };
      }
      nearest = false;
    }
    if (path.dirname(folder) === folder) {
      return undefined;
    }
  }
}

/**
 * Writes the whole file at once, readable by the user only: a new file beside
 * it, then renamed over it. That file's name is random and it is created anew
 * ('wx' fails on anything already there, a link included), and a rename replaces
 * a link rather than writing through it. The folder must exist.
 */
export async function writeOwnFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
