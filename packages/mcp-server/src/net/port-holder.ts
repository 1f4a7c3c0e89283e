/**
 * Which process listens on a TCP port, found on Linux as lsof finds it: the
 * listening socket's inode in /proc/net/tcp{,6}, then the process whose
 * /proc/<pid>/fd links to that socket. Elsewhere, or for another user's
 * process (whose fds we cannot read), it says how to find it by hand. Used by
 * doctor and by the busy-port errors.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { basename } from 'node:path';

export type PortHolder =
  | { kind: 'process'; pid: number; name: string; command: string }
  /** A listening socket whose process we may not look into. */
  | { kind: 'other-user'; user: string }
  | { kind: 'unknown' };

const LISTEN = '0A';

/** The inodes and owners of the sockets listening on `port` in a /proc/net/tcp or tcp6 table. */
export function listeningSockets(table: string, port: number): { inode: string; uid: number }[] {
  const sockets: { inode: string; uid: number }[] = [];
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
    const [, local, , state, , , , uid, , inode] = fields;
    if (!local || state !== LISTEN || inode === undefined || uid === undefined) {
      continue;
    }
    if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port && inode !== '0') {
      sockets.push({ inode, uid: Number(uid) });
    }
  }
  return sockets;
}

/**
 * A command line fit to print: the first words only, and the value of any
 * argument named like a secret hidden, since another program's arguments may
 * carry its token.
 */
export function displayCommand(argv: readonly string[]): string {
  const secret = /token|secret|passw|key|auth/i;
  const shown: string[] = [];
  let i = 0;
  for (; i < argv.length && shown.length < 6; i++) {
    const arg = argv[i]!;
    const equals = arg.indexOf('=');
    if (equals !== -1 && secret.test(arg.slice(0, equals))) {
      shown.push(`${arg.slice(0, equals)}=…`);
    } else if (arg.startsWith('-') && secret.test(arg) && i + 1 < argv.length) {
      shown.push(arg, '…');
      i++;
    } else {
      shown.push(arg.length > 80 ? `${arg.slice(0, 79)}…` : arg);
    }
  }
  return shown.join(' ') + (i < argv.length ? ' …' : '');
}

/**
 * A process's name as `ps` shows it (its comm, at most 15 characters), unless
 * that names a thread rather than the program: Node 24 calls its main thread
 * "MainThread". The name is then its command's first word. A comm that starts
 * the first or second word's base name is the program's (a script run by its
 * interpreter is named after the script).
 */
export function processName(comm: string, argv: readonly string[]): string {
  const words = argv.slice(0, 2).map((arg) => basename(arg.split(' ')[0]!));
  if (words.length === 0 || (comm !== '' && words.some((word) => word.startsWith(comm)))) {
    return comm || '?';
  }
  return words[0]!;
}

/** The user name for a uid, from an /etc/passwd text; the uid itself if not there. */
export function userName(passwd: string, uid: number): string {
  const line = passwd.split('\n').find((entry) => entry.split(':')[2] === String(uid));
  return line?.split(':')[0] || `uid ${uid}`;
}

export async function findPortHolder(port: number, platform: NodeJS.Platform = process.platform): Promise<PortHolder> {
  if (platform !== 'linux') {
    return { kind: 'unknown' };
  }
  const sockets = [
    ...listeningSockets(await readFile('/proc/net/tcp', 'utf8').catch(() => ''), port),
    ...listeningSockets(await readFile('/proc/net/tcp6', 'utf8').catch(() => ''), port)
  ];
  if (sockets.length === 0) {
    return { kind: 'unknown' };
  }
  const wanted = new Set(sockets.map((socket) => `socket:[${socket.inode}]`));
  const pids = (await readdir('/proc').catch(() => [])).filter((entry) => /^\d+$/.test(entry));
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      if (wanted.has(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))) {
        const comm = (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
        const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean);
        return { kind: 'process', pid: Number(pid), name: processName(comm, argv), command: displayCommand(argv) };
      }
    }
  }
  return { kind: 'other-user', user: userName(await readFile('/etc/passwd', 'utf8').catch(() => ''), sockets[0]!.uid) };
}

/** The holder in words, or how to find it by hand where we could not. */
export function describeHolder(holder: PortHolder | undefined, platform: NodeJS.Platform, port: number): string {
  if (holder?.kind === 'process') {
    return `${holder.name} (pid ${holder.pid}: ${holder.command})`;
  }
  if (holder?.kind === 'other-user') {
    return `a process of user ${holder.user} (sudo lsof -i :${port} names it)`;
  }
  const command = platform === 'win32' ? `netstat -ano | findstr :${port}` : `lsof -i :${port}`;
  return `another program (${command} names it)`;
}

/** What holds `port`, in words, for the busy-port errors of the bridge, --http and lite endpoints (listen-or-explain.ts). */
export async function describePortHolder(port: number): Promise<string> {
  return describeHolder(await findPortHolder(port), process.platform, port);
}
