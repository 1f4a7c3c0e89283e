/**
 * The browsers `lite` can put its page in: the person's own (--open), or a headless
 * Chromium of the system's (--headless) for a machine with no display. Never a
 * downloaded browser, and nothing a child prints reaches stdout, which is the MCP
 * protocol.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from '../log.js';

/**
 * A page that sends the browser on to `url`. The browser is given this file, not
 * the URL: command lines are readable by every local user, and the URL carries
 * the page's secret (Jupyter opens its own pages the same way).
 */
export function redirectPage(url: string): string {
  const attribute = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<!doctype html>\n<meta charset="utf-8">\n<meta http-equiv="refresh" content="0;url=${attribute}">\n` +
    `<title>jupyter-live-mcp lite</title>\n<p>Opening <a href="${attribute}">the lite page</a>…</p>\n`
  );
}

/**
 * Opens `url` in the person's default browser through a private redirect file.
 * `failed` hears, in words, when the opener cannot run or exits with an error
 * (xdg-open without a desktop browser). Returns the removal of that file.
 */
export async function openBrowser(
  url: string,
  failed: (why: string) => void,
  platform: NodeJS.Platform = process.platform
): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'jupyter-live-mcp-open-'));
  const file = path.join(dir, 'open-lite.html');
  await writeFile(file, redirectPage(url), { mode: 0o600 });
  const [command, ...args] =
    platform === 'darwin' ? ['open', file] : platform === 'win32' ? ['cmd', '/c', 'start', '""', `"${file}"`] : ['xdg-open', file];
  const child = spawn(command!, args, {
    stdio: 'ignore',
    detached: true,
    windowsVerbatimArguments: platform === 'win32'
  });
  // Node may report a child that could not start both as an error and as an exit.
  let told = false;
  const fail = (why: string) => {
    if (!told) failed(why);
    told = true;
  };
  child.on('error', (error) => fail(`${command} could not run (${error.message})`));
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null) fail(`${command} exited with code ${code}${OPENER_CODES[`${command} ${code}`] ?? ''}`);
    else if (signal) fail(`${command} was stopped (${signal})`);
  });
  child.unref();
  // Also when the server ends on an error, past stop().
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeNow);
  return async () => {
    process.off('exit', removeNow);
    await rm(dir, { recursive: true, force: true });
  };
}

/** What the exit codes of xdg-open (its manual) mean, for the person. */
const OPENER_CODES: Record<string, string> = {
  'xdg-open 2': ' (it cannot read the file it was given)',
  'xdg-open 3': ' (it found no program to open a web page with: no desktop browser?)',
  'xdg-open 4': ' (the browser it started failed)'
};

const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_APPS = ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** CHROMIUM_PATH, else /usr/bin/chromium, else the first Chromium or Chrome on PATH. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, canRun: (file: string) => boolean = isExecutable): string {
  if (env.CHROMIUM_PATH) {
    if (!canRun(env.CHROMIUM_PATH)) {
      throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file: point it at Chromium or Google Chrome.`);
    }
    return env.CHROMIUM_PATH;
  }
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => CHROMIUM_NAMES.map((name) => path.join(dir, name)));
  const found = ['/usr/bin/chromium', ...onPath, ...MAC_APPS].find(canRun);
  if (!found) {
    throw new Error(
      `--headless needs Chromium or Google Chrome, and none was found (CHROMIUM_PATH is not set; looked for /usr/bin/chromium and ` +
        `${CHROMIUM_NAMES.join(', ')} on PATH). Install one (Debian, Ubuntu: apt-get install chromium) or set CHROMIUM_PATH ` +
        `to its executable; or run lite with --open, or without either and open the printed URL yourself.`
    );
  }
  return found;
}

/**
 * No URL: a command line is readable by every local user (/proc/<pid>/cmdline),
 * and the lite URL carries the page's secret. The page is opened through the
 * DevTools pipe instead (openThroughPipe).
 */
export function headlessChromiumArgs(profileDir: string, asRoot: boolean): string[] {
  return [
    '--headless',
    '--no-startup-window',
    `--user-data-dir=${profileDir}`,
    // Chromium quits when this pipe closes, so it goes with this process even when
    // this process is killed and has no chance to stop it.
    '--remote-debugging-pipe',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-default-apps',
    '--disable-sync',
    '--mute-audio',
    // Chromium refuses to start as root with its sandbox on.
    ...(asRoot ? ['--no-sandbox'] : [])
  ];
}

/**
 * Opens `url` in a new tab through Chromium's DevTools pipe (fd 3 in, fd 4 out:
 * JSON messages ended by a NUL byte), answering once Chromium has created it.
 */
export function openThroughPipe(toChromium: Writable, fromChromium: Readable, url: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const done = (error?: Error) => {
      clearTimeout(timer);
      fromChromium.off('data', onData);
      fromChromium.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    // Chromium that dies while starting closes the pipe: no need to wait for the timeout.
    const onClose = () => done(new Error('Chromium closed its DevTools pipe before it opened the lite page'));
    const timer = setTimeout(() => done(new Error(`Chromium did not open the lite page within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const messages = buffered.split('\0');
      buffered = messages.pop()!;
      for (const text of messages) {
        let message: { id?: number; error?: { message: string } };
        try {
          message = JSON.parse(text) as typeof message;
        } catch {
          continue;
        }
        if (message.id === 1) {
          done(message.error ? new Error(`Chromium could not open the lite page: ${message.error.message}`) : undefined);
        }
      }
    };
    fromChromium.on('data', onData);
    fromChromium.once('close', onClose);
    toChromium.write(`${JSON.stringify({ id: 1, method: 'Target.createTarget', params: { url } })}\0`);
  });
}

export interface HeadlessBrowser {
  /** Stops Chromium and every process it started. */
  stop(): Promise<void>;
}

/** `quit` hears, in words, when Chromium stops on its own: the page is gone. */
export async function startHeadlessChromium(
  executable: string,
  url: string,
  profileDir: string,
  log: Logger,
  quit: (why: string) => void
): Promise<HeadlessBrowser> {
  const child = spawn(executable, headlessChromiumArgs(profileDir, process.getuid?.() === 0), {
    // Its own process group, so stop() reaches the renderers and helpers too. fds 3
    // and 4 are --remote-debugging-pipe's.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe']
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(new Error(`cannot start ${executable}: ${error.message}`)));
  });
  const pid = child.pid!;
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderrTail = (stderrTail + text).slice(-2000);
    for (const line of text.split('\n').filter(Boolean)) log.debug(`chromium: ${line}`);
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        const why = `headless Chromium stopped on its own (${signal ?? `exit code ${code}`})`;
        log.warn(
          `${why}, so the lite page is gone: restart jupyter-live-mcp lite. ` +
            `Its last words: ${stderrTail.trim().split('\n').slice(-3).join(' | ')}`
        );
        quit(why);
      }
      resolve();
    });
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Gone already, or Windows, which has no process groups to signal.
      child.kill(signal);
    }
  };
  // A process.exit() elsewhere must not leave Chromium behind.
  const onExit = () => killGroup('SIGKILL');
  process.once('exit', onExit);
  const fromChromium = child.stdio[4] as Readable;
  try {
    await openThroughPipe(child.stdio[3] as Writable, fromChromium, url);
  } catch (error) {
    process.off('exit', onExit);
    stopping = true;
    killGroup('SIGKILL');
    throw error;
  }
  // Drained from now on: Chromium writes events there that nobody reads.
  fromChromium.resume();
  log.info(`headless Chromium (${executable}, pid ${pid}) opened the lite page`);
  return {
    async stop() {
      stopping = true;
      process.off('exit', onExit);
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      // Helpers that outlived the browser process.
      killGroup('SIGKILL');
    }
  };
}
