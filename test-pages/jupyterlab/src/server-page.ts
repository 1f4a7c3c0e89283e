// Runs a Jupyter page build (../build of a test page, served by Debian's jupyter_server
// through that page's serve.py) in a fresh temp folder per run, with prebuilt
// labextensions installed the way users install them. The JupyterLab and Notebook 7
// pages differ only in the fields of ServerPageSpec.
import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerPageSpec {
  /** Names the page in errors and logs, e.g. 'JupyterLab'. */
  title: string;
  /**
   * The test page's folder under test-pages/, holding serve.py and build/; its
   * package is @jupyter-live-mcp/test-page-<page>.
   */
  page: string;
  /** The file in build/static/ whose absence means the page is not built. */
  builtFile: string;
  /** The page's app when it is not <page>/build (served with serve.py --app-dir), and how to build it. */
  build?: { dir: string; command: string };
}

export interface ServerPageOptions {
  /** Port to listen on; 0 or undefined picks a free one. */
  port?: number;
  /** The loopback address to listen on (default 127.0.0.1); another, such as 127.0.0.2, stands for another host. */
  host?: string;
  /** Folders of built prebuilt labextensions (each has a package.json) to install. */
  extensions?: string[];
  /** Settings to pre-write, by plugin id, e.g. {'jupyter-live-mcp-bridge:plugin': {...}}. */
  userSettings?: Record<string, unknown>;
  /**
   * Plugin ids the page does not start, as the person's `jupyter labextension
   * disable` does (their config's labconfig/page_config.json).
   */
  disabledExtensions?: string[];
  /** Receives each line the server prints. */
  log?: (line: string) => void;
  /**
   * The Python that serves the page (default Debian's), e.g. a virtual environment's made with
   * --system-site-packages: its prefix's share/jupyter is one of the folders extensions load from.
   */
  python?: string;
}

export interface ServerPage {
  /** The page the server opens on, e.g. http://127.0.0.1:PORT/lab */
  url: string;
  /** The folder the file browser shows (notebooks go here). */
  rootDir: string;
  /** The Jupyter data dir; the extensions are in its labextensions/ folder. */
  dataDir: string;
  /** The user settings folder. */
  settingsDir: string;
  /** Stops the server and its kernels and removes the temp folder. */
  stop(): Promise<void>;
}

// Debian's Python: the only one here that sees the Debian Jupyter packages.
const debianPython = '/usr/bin/python3';
const aptCommand = 'apt-get install -y python3-jupyter-server python3-jupyterlab-server python3-ipykernel';
const testPagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const startTimeoutMs = 30_000;
const stopTimeoutMs = 10_000;

async function exists(file: string, mode = constants.F_OK): Promise<boolean> {
  return access(file, mode).then(
    () => true,
    () => false
  );
}

const appDir = (spec: ServerPageSpec) => spec.build?.dir ?? path.join(testPagesDir, spec.page, 'build');

async function checkPrerequisites(spec: ServerPageSpec, python: string): Promise<void> {
  const built = path.join(appDir(spec), 'static', spec.builtFile);
  if (!(await exists(built))) {
    const command = spec.build?.command ?? `scripts/pnpm --filter @jupyter-live-mcp/test-page-${spec.page} build`;
    throw new Error(`The ${spec.title} test page is not built (${built} is missing). From the repo root, run: ${command}`);
  }
  if (!(await exists(python, constants.X_OK))) {
    throw new Error(`${python} is missing. Install Debian's Python and Jupyter: ${aptCommand}`);
  }
}

/** Copies a built extension to <dataDir>/labextensions/<name>, as users install one. */
async function installExtension(extensionDir: string, labextensionsDir: string): Promise<void> {
  const manifestFile = path.join(extensionDir, 'package.json');
  let manifest: { name?: unknown; jupyterlab?: { _build?: unknown } };
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as typeof manifest;
  } catch (error) {
    throw new Error(
      `${extensionDir} is not a built labextension folder (${manifestFile}: ${(error as Error).message}). Run the build first.`
    );
  }
  if (typeof manifest.name !== 'string' || !manifest.jupyterlab?._build) {
    throw new Error(
      `${manifestFile} has no name or no jupyterlab._build: it is not the output of build-labextension. Run the build first.`
    );
  }
  await cp(extensionDir, path.join(labextensionsDir, manifest.name), { recursive: true });
}

/** Writes <settingsDir>/<package>/<plugin>.jupyterlab-settings, where the page reads them. */
async function writeUserSettings(settingsDir: string, settings: Record<string, unknown>): Promise<void> {
  for (const [pluginId, value] of Object.entries(settings)) {
    const separator = pluginId.indexOf(':');
    if (separator <= 0 || separator === pluginId.length - 1) {
      throw new Error(`userSettings key "${pluginId}" is not a plugin id of the form "<package>:<plugin>"`);
    }
    const folder = path.join(settingsDir, pluginId.slice(0, separator));
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${pluginId.slice(separator + 1)}.jupyterlab-settings`);
    // As install writes them: settings that hold the pairing token are the user's alone (doctor refuses others').
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  }
}

/** Resolves with the URL serve.py prints once it listens; rejects if it exits first. */
function waitForReady(title: string, python: string, child: ChildProcess, stdout: Interface, recent: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The ${title} test page did not start within ${startTimeoutMs / 1000} s.\n${recent()}`));
    }, startTimeoutMs);
    const onReadyLine = (line: string) => {
      const match = /ready at (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    stdout.on('line', onReadyLine);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The ${title} test page server exited (${signal ?? `code ${code}`}) before it was ready:\n${recent()}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Could not run ${python}: ${error.message}. ${aptCommand}`));
    });
  });
}

/** The server answers once its loop runs, a moment after it bound the port. */
async function waitForHttp(title: string, url: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
      throw new Error(`GET ${url} answered ${response.status}`);
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`The ${title} test page does not answer: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Signals serve.py's whole process group (it runs detached, see below). */
function signalServer(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

export async function startJupyterServerPage(spec: ServerPageSpec, options: ServerPageOptions = {}): Promise<ServerPage> {
  const python = options.python ?? debianPython;
  await checkPrerequisites(spec, python);
  const tempDir = await mkdtemp(path.join(tmpdir(), `${spec.page}-page-`));
  const dir = (name: string) => path.join(tempDir, name);
  const dataDir = dir('data');
  const settingsDir = dir('settings');
  const rootDir = dir('notebooks');
  const log = options.log ?? (() => {});
  const recentLines: string[] = [];
  const recent = () => recentLines.join('\n');

  let child: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child) {
        // jupyter_server shuts its kernels down on SIGTERM.
        signalServer(child, 'SIGTERM');
        if (!(await waitForExit(child, stopTimeoutMs))) {
          signalServer(child, 'SIGKILL');
          await waitForExit(child, stopTimeoutMs);
        }
      }
      await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
    })();
    return stopping;
  };

  try {
    const labextensionsDir = path.join(dataDir, 'labextensions');
    const scratch = ['config', 'runtime', 'ipython', 'xdg-cache', 'xdg-config', 'xdg-data'];
    for (const folder of [labextensionsDir, settingsDir, rootDir, dir('workspaces'), ...scratch.map(dir)]) {
      await mkdir(folder, { recursive: true });
    }
    for (const extension of options.extensions ?? []) {
      await installExtension(path.resolve(extension), labextensionsDir);
    }
    await writeUserSettings(settingsDir, options.userSettings ?? {});
    if (options.disabledExtensions?.length) {
      const disabledExtensions = Object.fromEntries(options.disabledExtensions.map((id) => [id, true]));
      await mkdir(dir('config/labconfig'), { recursive: true });
      await writeFile(dir('config/labconfig/page_config.json'), JSON.stringify({ disabledExtensions }));
    }

    const env = {
      ...process.env,
      // Keep the person's own Jupyter setup (~/.jupyter, an extension installed in
      // ~/.local/share/jupyter, ~/.ipython) out of the page, and its files in tempDir.
      HOME: tempDir,
      JUPYTER_DATA_DIR: dataDir,
      JUPYTER_CONFIG_DIR: dir('config'),
      JUPYTER_RUNTIME_DIR: dir('runtime'),
      IPYTHONDIR: dir('ipython'),
      XDG_CACHE_HOME: dir('xdg-cache'),
      XDG_CONFIG_HOME: dir('xdg-config'),
      XDG_DATA_HOME: dir('xdg-data'),
      PYTHONUNBUFFERED: '1',
      // ipykernel's debugger otherwise prints a frozen-modules warning per kernel.
      PYDEVD_DISABLE_FILE_VALIDATION: '1'
    };
    const args = [
      path.join(testPagesDir, spec.page, 'serve.py'),
      `--port=${options.port ?? 0}`,
      `--ip=${options.host ?? '127.0.0.1'}`,
      `--root-dir=${rootDir}`,
      `--user-settings-dir=${settingsDir}`,
      `--workspaces-dir=${dir('workspaces')}`,
      `--app-dir=${appDir(spec)}`,
      // If this process ends without stop(), the server stops itself.
      `--parent-pid=${process.pid}`
    ];
    // Detached: its own process group, so a Ctrl-C in the terminal reaches only us
    // and stop() shuts the server down once, cleanly.
    child = spawn(python, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const onLine = (line: string) => {
      recentLines.push(line);
      if (recentLines.length > 40) {
        recentLines.shift();
      }
      log(line);
    };
    const stdout = createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${spec.title} test page server exited unexpectedly (${signal ?? `code ${code}`})`);
      }
    });

    const url = await waitForReady(spec.title, python, child, stdout, recent);
    await waitForHttp(spec.title, url);
    return { url, rootDir, dataDir, settingsDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
