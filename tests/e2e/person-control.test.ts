/**
 * What the person in the page decides: calls that wait for their click
 * (confirm: consequential), and pausing agent control from the status bar.
 * The bridge's own dialogs are invisible to the agent.
 */
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

describe('the status bar item', () => {
  const item = () => setup.page.locator('.jp-live-mcp-status');

  it('shows the connection, the calls so far and the last tool', async () => {
    await ok('get_context');
    await expect.poll(() => item().innerText()).toMatch(/^Agent: 127\.0\.0\.1:\d+ · \d+ calls, last get_context$/);
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
