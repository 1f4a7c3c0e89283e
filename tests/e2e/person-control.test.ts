/**
 * What the person in the page decides: calls that wait for their click
 * (confirm: consequential), and pausing agent control from the status bar.
 * The bridge's own dialogs are invisible to the agent. The confirmation shows
 * all the code it asks about: a payload behind 700 spaces is on screen (a
 * pixel check), and long code scrolls, Allow enabled once its end was seen.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_COMMANDS_FIXTURE_DIR, startLabWithAgent, type LabWithAgent } from './support/lab-with-agent.js';

let setup: LabWithAgent;
const NOTEBOOK = 'confirm.ipynb';
let cellId = '';

beforeAll(async () => {
  setup = await startLabWithAgent({
    extensions: [AI_COMMANDS_FIXTURE_DIR],
    bridgeSettings: { confirm: 'consequential', pendingAfterSeconds: 60 }
  });
  await setup.open();
  // Not consequential: these run without asking.
  await setup.openNewNotebook(NOTEBOOK);
  cellId = (await ok('add_cell', { notebookPath: NOTEBOOK, content: 'print(6*7)' })).cellId as string;
});

afterAll(async () => {
  await setup?.stop();
});

const ok = (name: string, args?: Record<string, unknown>) => setup.mcp.ok(name, args);
const confirmDialog = () => setup.page.locator('.jp-Dialog', { hasText: 'Let the agent run run_cell?' });
const prompt = () => setup.page.locator('.jp-InputArea-prompt').first().innerText();
const clickButton = (label: string) => setup.page.locator('.jp-Dialog .jp-Dialog-button', { hasText: label }).click();

describe('confirm: consequential', () => {
  it('run_cell waits for the person to allow it; the agent does not see the dialog', async () => {
    const running = setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId });
    await expect.poll(() => confirmDialog().count(), { timeout: 15_000 }).toBe(1);
    expect(await confirmDialog().innerText()).toContain(cellId);

    // Not listed for the agent; and answer_dialog, itself consequential, would first ask the person.
    expect((await ok('get_context')).dialogs).toEqual([]);

    await clickButton('Allow');
    expect((await running).result).toMatchObject({ success: true, status: 'ok' });
    await expect.poll(() => setup.page.locator('.jp-OutputArea-output').allInnerTexts()).toEqual(['42\n']);
  });

  it('a denied call answers denied_by_user and runs nothing', async () => {
    const before = await prompt();
    const running = setup.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId });
    await expect.poll(() => confirmDialog().count(), { timeout: 15_000 }).toBe(1);
    await clickButton('Deny');
    const { raw, result } = await running;
    expect(raw.isError).toBe(true);
    expect(result).toMatchObject({ success: false, code: 'denied_by_user' });
    expect(await prompt()).toBe(before);
  });
});

describe('the confirmation shows everything the call would run', () => {
  const SHOT = fileURLToPath(new URL('../../test-results/confirm-dialog.png', import.meta.url));
  const dialog = () => setup.page.locator('.jp-Dialog', { hasText: 'Let the agent run execute_code?' });
  const allow = () => dialog().locator('.jp-Dialog-button', { hasText: 'Allow' });
  const kernelId = async () => ((await ok('read_notebook', { notebookPath: NOTEBOOK })).kernel as { id: string }).id;

  /** Where the page paints `text` inside the dialog's arguments, and whether that is inside the box's visible part. */
  const placeOf = (text: string) =>
    setup.page.evaluate((text) => {
      type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };
      type Page = {
        innerWidth: number;
        innerHeight: number;
        document: {
          querySelector(selector: string): { getBoundingClientRect(): Box };
          createTreeWalker(root: unknown, show: number): { nextNode(): { data: string } | null };
          createRange(): {
            setStart(node: unknown, at: number): void;
            setEnd(node: unknown, at: number): void;
            getBoundingClientRect(): Box;
          };
        };
      };
      const { document, innerWidth, innerHeight } = globalThis as unknown as Page;
      const SHOW_TEXT = 4;
      const box = document.querySelector('.jp-Dialog .jp-live-mcp-arguments-box');
      const walker = document.createTreeWalker(box, SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const place = range.getBoundingClientRect();
        const shown = box.getBoundingClientRect();
        const inside = place.left >= shown.left && place.top >= shown.top && place.right <= shown.right && place.bottom <= shown.bottom;
        return {
          clip: { x: place.left, y: place.top, width: place.width, height: place.height },
          inside: inside && place.bottom <= innerHeight && place.right <= innerWidth
        };
      }
      return undefined;
    }, text);

  it('a payload behind 700 spaces is on screen, where the dialog shows it; allowed, it runs as shown', async () => {
    const ran = `payload-${Date.now()}.txt`;
    const payload = `open(${JSON.stringify(ran)}, "w").close()`;
    const running = setup.mcp.call('execute_code', { kernelId: await kernelId(), code: `print("hello")${' '.repeat(700)}; ${payload}` });
    await expect.poll(() => dialog().count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog().innerText()).toContain('700 spaces');
    const place = await placeOf(payload);
    expect(place).toMatchObject({ inside: true });
    // The pixel check: the payload's place looks different once its letters are made transparent, so they are painted there.
    const painted = await setup.page.screenshot({ clip: place!.clip });
    await dialog()
      .locator('.jp-live-mcp-argument-value')
      .first()
      .evaluate((value) => (value.parentElement!.style.color = 'transparent'));
    const blank = await setup.page.screenshot({ clip: place!.clip });
    await dialog()
      .locator('.jp-live-mcp-argument-value')
      .first()
      .evaluate((value) => (value.parentElement!.style.color = ''));
    expect(painted.equals(blank)).toBe(false);
    await dialog().screenshot({ path: SHOT });

    expect(await allow().isEnabled()).toBe(true);
    await allow().click();
    expect((await running).result).toMatchObject({ success: true, status: 'ok' });
    expect(existsSync(path.join(setup.site.rootDir!, ran))).toBe(true);
  });

  it('long code scrolls, its length said; Allow is enabled once the person has scrolled to its end', async () => {
    const code = [...Array.from({ length: 400 }, (_, i) => `x${i} = ${i}`), 'print("the end", x399)'].join('\n');
    const running = setup.mcp.call('execute_code', { kernelId: await kernelId(), code });
    await expect.poll(() => dialog().count(), { timeout: 15_000 }).toBe(1);
    const note = dialog().locator('.jp-live-mcp-arguments-note');
    expect(await note.innerText()).toMatch(
      /^2 arguments, [\d,]+ characters in 402 lines, all shown below\. Scroll to its end to allow it\.$/
    );
    expect(await dialog().innerText()).toContain(`code (${code.length.toLocaleString('en-US')} characters)`);
    expect(await allow().isDisabled()).toBe(true);
    expect(await placeOf('print("the end", x399)')).toMatchObject({ inside: false });

    await dialog().locator('.jp-live-mcp-arguments-box').hover();
    await expect
      .poll(
        async () => {
          await setup.page.mouse.wheel(0, 2000);
          return allow().isEnabled();
        },
        { timeout: 15_000 }
      )
      .toBe(true);
    expect(await placeOf('print("the end", x399)')).toMatchObject({ inside: true });
    expect(await note.innerText()).not.toContain('Scroll');
    await allow().click();
    const { result } = await running;
    expect(result).toMatchObject({ success: true, status: 'ok' });
    expect(JSON.stringify(result.outputs)).toContain('the end 399');
  });
});

describe('the status bar item', () => {
  const item = () => setup.page.locator('.jp-live-mcp-status');

  it('shows the connection, the calls so far and the last tool', async () => {
    await ok('get_context');
    await expect.poll(() => item().innerText()).toMatch(/^Agent: 127\.0\.0\.1:\d+ · \d+ calls, last get_context$/);
  });

  it('shows a run of quick calls without being written after each: the page renders no frame a call', async () => {
    const count = async () => Number(/(\d+) calls/.exec(await item().innerText())?.[1]);
    await expect.poll(count).toBeGreaterThan(0);
    const before = await count();
    // Each write of the item is a frame the page renders: in a big open notebook, a moment of JupyterLab's work per cell.
    await setup.page.evaluate(() => {
      type Page = {
        document: { querySelector(selector: string): unknown };
        MutationObserver: new (seen: () => void) => { observe(node: unknown, options: object): void };
      };
      const { document, MutationObserver } = globalThis as unknown as Page;
      const writes = { count: 0 };
      new MutationObserver(() => writes.count++).observe(document.querySelector('.jp-live-mcp-status'), {
        childList: true,
        characterData: true,
        subtree: true
      });
      Object.assign(globalThis, { statusWrites: writes });
    });
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      await ok('get_context');
    }
    const elapsed = performance.now() - started;
    // Every call is counted, within half a second or so of the last.
    await expect.poll(count, { timeout: 5_000 }).toBe(before + 20);
    const writes = await setup.page.evaluate(() => (globalThis as unknown as { statusWrites: { count: number } }).statusWrites.count);
    // Writes are 500 ms apart at least: one each 500 ms of the run, one still pending from before it, and the last after it.
    expect(writes).toBeLessThanOrEqual(Math.floor(elapsed / 500) + 3);
    expect(writes).toBeGreaterThan(0);
  });

  it('pauses agent control with one click and resumes it', async () => {
    await item().click();
    await clickButton('Pause agent');
    const paused = await setup.mcp.call('get_context');
    expect(paused.result).toMatchObject({ success: false, code: 'paused', error: expect.stringContaining('Ask them to resume it') });
    await expect.poll(() => item().innerText()).toMatch(/^Agent \(paused\)/);

    await item().click();
    await clickButton('Resume agent');
    await ok('get_context');
  });

  it('disconnects the page from the server with one click, and reconnects it with another', async () => {
    await item().click();
    await clickButton('Disconnect');
    await expect.poll(() => item().innerText()).toBe('Agent: disconnected');
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.code).toBe('no_page');

    await item().click();
    await clickButton('Reconnect');
    await expect.poll(async () => (await setup.mcp.call('get_context')).result.success, { timeout: 30_000 }).toBe(true);
  });
});
