/**
 * `jupyter-live-mcp lite`: the JupyterLite site shipped in this package, served on
 * loopback and paired with this run's bridge endpoint, optionally opened in a
 * browser. The MCP server around it is the usual one (cli/serve.ts).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '../log.js';
import { PACKAGE_DIR } from '../package-dir.js';
import { configDir, loadLiteToken } from '../pairing/pairing-token.js';
import { findChromium, openBrowser, startHeadlessChromium, type HeadlessBrowser } from './browser-launch.js';
import { LitePage, type ConnectedPages, type LiteBrowser } from './lite-page.js';
import { newSecret } from './page-secret.js';
import { serveLiteSite } from './site-server.js';
import { saveOnStop } from './unsaved-on-stop.js';

/** What the lite page's ids are prefixed with: it proves a token of its own (page-router.ts). */
const LITE_SCOPE = 'lite';

export interface LiteOptions {
  port: number;
  browser: LiteBrowser;
  /** With --headless, save the page's unsaved notebooks on stop (else only say which they are); default true. */
  saveOnStop?: boolean;
}

/** Built into the package next to dist/ (see the package's build script). */
const SITE_DIR = path.join(PACKAGE_DIR, 'lite-site');

/**
 * Starts lite's site and browser in the background and returns at once: the MCP
 * client gets its initialize answered while the browser starts, and a call
 * waits for the page (LitePage.arrival). What fails on the way fails the page,
 * so calls say why.
 */
export function startLite(
  options: LiteOptions,
  /** The bridge endpoint's URL, how to have it pair the lite page with a token of this run, and the pages it routes to. */
  context: {
    serverUrl: string;
    pairOrigins(origins: readonly string[], token: string, scope: string): void;
    router: ConnectedPages;
    log: Logger;
  }
): { page: LitePage; stop(): Promise<void> } {
  const { log } = context;
  // Watching before the browser starts: the page may connect before the launch returns.
  const page = new LitePage(options.browser, context.router, LITE_SCOPE);
  const started = launch(options, context, page).catch((error: Error) => {
    log.error(`lite: ${error.message}`);
    page.fail(`could not be started: ${error.message}`);
    return undefined;
  });
  return {
    page,
    async stop() {
      page.dispose();
      await (await started)?.stop();
    }
  };
}

async function launch(options: LiteOptions, context: Parameters<typeof startLite>[1], page: LitePage): Promise<{ stop(): Promise<void> }> {
  const { log } = context;
  // Looked for first, so a missing browser stops the run before the page is served.
  const chromium = options.browser === 'headless' ? findChromium() : undefined;
  // The page's own token: the page and whoever gets its secret never learn the
  // pairing token the person's JupyterLab pages trust.
  const token = await loadLiteToken(options.port);
  const site = await serveLiteSite({
    siteDir: SITE_DIR,
    port: options.port,
    secret: newSecret(),
    pairing: { serverUrl: context.serverUrl, token },
    log
  });
  // As browsers write them in Origin (no :80).
  const origins = ['127.0.0.1', 'localhost'].map((host) => new URL(`http://${host}:${new URL(site.origin).port || 80}`).origin);
  context.pairOrigins(origins, token, LITE_SCOPE);
  const kept =
    options.port === 0
      ? 'this port is a one-off, so the next run starts empty'
      : 'the same browser finds them again next run on the same --lite-port';
  process.stderr.write(
    `[jupyter-live-mcp] lite: JupyterLite with the bridge, paired with this server:\n\n    ${site.url}\n\n` +
      `  Notebooks and settings are kept in the browser's storage for ${site.origin}: ${kept}.\n`
  );
  let browser: HeadlessBrowser | undefined;
  let removeRedirectFile: (() => Promise<void>) | undefined;
  let profileToRemove: string | undefined;
  if (chromium) {
    // Per port, as the storage is: a fixed port keeps its notebooks between runs, port 0 is a one-off.
    if (options.port === 0) {
      profileToRemove = await mkdtemp(path.join(tmpdir(), 'jupyter-live-mcp-lite-chromium-'));
    }
    const profileDir = profileToRemove ?? path.join(configDir(), 'lite-chromium', String(options.port));
    await mkdir(profileDir, { recursive: true, mode: 0o700 });
    try {
      browser = await startHeadlessChromium(chromium, site.url, profileDir, log, (why) => page.fail(`is gone: ${why}`));
    } catch (error) {
      await site.close();
      if (profileToRemove) await rm(profileToRemove, { recursive: true, force: true });
      throw error;
    }
  } else if (options.browser === 'open') {
    removeRedirectFile = await openBrowser(site.url, (why) => {
      // An opener that waits for the browser it started reports that browser's end, after the page came.
      if (page.state.phase === 'arrived') return;
      log.warn(
        `could not open the lite page in a browser: ${why}. Open the URL printed above in a browser yourself, ` +
          "or start lite with --headless instead (the system's Chromium, no display needed)."
      );
      page.fail(`could not be opened in a browser: ${why}`);
    });
  }
  return {
    async stop() {
      if (browser) {
        // The headless browser goes with the server, and unsaved edits with it.
        const litePage = context.router.pages().find((session) => session.scope === LITE_SCOPE);
        await saveOnStop(litePage, options.saveOnStop ?? true, log);
      }
      await browser?.stop();
      await site.close();
      await removeRedirectFile?.();
      if (profileToRemove) {
        await rm(profileToRemove, { recursive: true, force: true, maxRetries: 3 });
      }
    }
  };
}
