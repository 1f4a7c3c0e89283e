// The frame of the server pages' smoke checks (JupyterLab, Notebook 7): a probe
// extension installed, headless Chromium, and a verdict on what the tabs reported.
import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { buildProbeExtension, launchChromium } from './script.js';
import type { ServerPage, ServerPageOptions } from './server-page.js';

/** An error the page's own upstream code reports on a healthy page: shown, not failed on. */
export interface KnownError {
  pattern: RegExp;
  reason: string;
}

export interface SmokeContext {
  page: ServerPage;
  browser: Browser;
  /** Collects `tab`'s console errors (failing the check) and warnings, prefixed with `name`. */
  watch(tab: Page, name?: string): void;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Waits until the tab's app (window.jupyterapp) is restored. */
export async function waitRestored(tab: Page): Promise<void> {
  await tab.waitForFunction(() => 'jupyterapp' in globalThis);
  await tab.evaluate(async () => {
    await (globalThis as unknown as { jupyterapp: { restored: Promise<void> } }).jupyterapp.restored;
  });
}

/** Whether the probe extension's plugin ran in the tab. */
export function probed(tab: Page): Promise<boolean> {
  return tab.evaluate(() => (globalThis as { __probe?: boolean }).__probe === true);
}

/**
 * Starts the page with a probe extension `probeName` installed (its plugin sets
 * window.__probe), runs `check` in a fresh Chromium, then shows the tabs' warnings and
 * fails on their errors, but for the `known` ones. --verbose shows the server's log.
 */
export async function smokeCheck(
  probeName: string,
  start: (options: ServerPageOptions) => Promise<ServerPage>,
  check: (context: SmokeContext) => Promise<void>,
  known: KnownError[] = []
): Promise<void> {
  const probe = await buildProbeExtension(probeName);
  const page = await start({
    extensions: [probe.output],
    ...(process.argv.includes('--verbose') ? { log: (line: string) => console.error(line) } : {})
  });
  const errors: string[] = [];
  const warnings = new Set<string>();
  const watch = (tab: Page, name?: string) => {
    const prefix = name ? `${name}: ` : '';
    tab.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(`${prefix}console.error: ${message.text()}`);
      } else if (message.type() === 'warning') {
        warnings.add(`${prefix}${message.text()}`);
      }
    });
    tab.on('pageerror', (error) => errors.push(`${prefix}page error: ${error.message}`));
  };
  const browser = await launchChromium();
  try {
    await check({ page, browser, watch });
    // JupyterLab's own Yjs use warns ("Invalid access...", "Not same Y.Doc") with the
    // yjs releases its ranges allow.
    for (const warning of warnings) {
      console.log(`console.warning (not failed on): ${warning}`);
    }
    const unexpected = errors.filter((error) => {
      const match = known.find(({ pattern }) => pattern.test(error));
      if (match) {
        console.log(`${error} (known upstream: ${match.reason}, not failed on)`);
      }
      return !match;
    });
    if (unexpected.length > 0) {
      throw new Error(`the page reported errors:\n${unexpected.join('\n')}`);
    }
    console.log('console: no errors');
  } finally {
    await browser.close();
    await page.stop();
    await rm(probe.dir, { recursive: true, force: true });
  }
}
