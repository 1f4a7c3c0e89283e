/**
 * The browsers `lite` can put its page in: the person's own (--open), or a headless
 * Chromium of the system's (--headless) for a machine with no display. Never a
 * downloaded browser, and nothing a child prints reaches stdout, which is the MCP
 * protocol.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.js';

/** Opens `url` in the person's default browser; a failure is logged, the URL is printed anyway. */
export function openBrowser(url: string, log: Logger, platform: NodeJS.Platform = process.platform): void {
  const [command, ...args] =
    platform === 'darwin'
      ? ['open', url]
      : platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url.replace(/&/g, '^&')]
        : ['xdg-open', url];
  const child = spawn(command!, args, {
    stdio: 'ignore',
    detached: true,
    windowsVerbatimArguments: platform === 'win32'
  });
  child.on('error', (error) => log.warn(`could not open a browser (${command}: ${error.message}): open the URL above yourself.`));
  child.unref();
}

const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_APPS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
];

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

export function headlessChromiumArgs(url: string, profileDir: string, asRoot: boolean): string[] {
  return [
    '--headless',
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
    ...(asRoot ? ['--no-sandbox'] : []),
    url
  ];
}

export interface HeadlessBrowser {
  /** Stops Chromium and every process it started. */
  stop(): Promise<void>;
}

export async function startHeadlessChromium(
  executable: string,
  url: string,
  profileDir: string,
  log: Logger
): Promise<HeadlessBrowser> {
  const child = spawn(executable, headlessChromiumArgs(url, profileDir, process.getuid?.() === 0), {
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
  // Drained, though Chromium answers there only when asked something.
  (child.stdio[4] as NodeJS.ReadableStream | null)?.resume();
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        log.warn(
          `headless Chromium stopped on its own (${signal ?? `exit code ${code}`}), so the lite page is gone: ` +
            `restart jupyter-live-mcp lite. Its last words: ${stderrTail.trim().split('\n').slice(-3).join(' | ')}`
        );
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
