/**
 * Tools from other extensions (SPEC §2.3c): the test-only example extension
 * (test-pages/example-tools-extension) declares echo, check and later in its
 * settings schema and registers handlers through the bridge's IAgentTools:
 * echo and check at activation, later on a command, plus one handler nothing
 * declares. The agent sees and calls them over MCP, under every rule, and an
 * agent in the browser the same tools over WebMCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import {
  EXAMPLE_TOOLS_EXTENSION_DIR,
  resetBridgeSetting,
  setBridgeSetting,
  startPageWithAgent,
  type PageKind,
  type PageWithAgent
} from './support/lab-with-agent.js';
import { executeInPage, webMcpTools, WEBMCP_FLAGS } from './support/webmcp.js';

const PLUGIN = '@jupyter-live-mcp/example-tools-extension:plugin';
const ECHO = 'example_tools_extension__echo';
const CHECK = 'example_tools_extension__check';
const LATER = 'example_tools_extension__later';
const UNDECLARED = 'example_tools_extension__undeclared';

/** Starts a page with the example extension; the agent's tool list before the page connected. */
async function start(kind: PageKind, warnings: string[] = []): Promise<{ setup: PageWithAgent; before: string[] }> {
  // With WebMCP on, the same tools are on document.modelContext for an agent in the browser.
  const setup = await startPageWithAgent(kind, { extensions: [EXAMPLE_TOOLS_EXTENSION_DIR], chromiumArgs: WEBMCP_FLAGS });
  const before = (await setup.mcp.client.listTools()).tools.map((tool) => tool.name);
  setup.page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await setup.open();
  return { setup, before };
}

const toolNames = async (setup: PageWithAgent) => (await setup.mcp.client.listTools()).tools.map((tool) => tool.name);

describe('on JupyterLab', () => {
  let setup: PageWithAgent;
  let before: string[];
  const warnings: string[] = [];

  beforeAll(async () => {
    ({ setup, before } = await start('JupyterLab', warnings));
  });

  afterAll(async () => {
    await setup?.stop();
  });

  const call = (name: string, args: Record<string, unknown> = {}) => setup.mcp.call(name, args);
  const failure = async (name: string, args: Record<string, unknown>) => {
    const { raw, result } = await call(name, args);
    expect(raw.isError, JSON.stringify(result)).toBe(true);
    return result as { success: false; code: string; error: string };
  };
  const runCommand = (id: string) =>
    setup.page.evaluate(
      (command) =>
        (globalThis as unknown as { jupyterapp: { commands: { execute(id: string): Promise<unknown> } } }).jupyterapp.commands.execute(
          command
        ),
      id
    );
  const catalogueErrors = async () => (await setup.mcp.ok('get_context')).catalogueErrors as { source: string; error: string }[];

  it('lists the declared tools that have a handler, as the page sends them, and only once the page is there', async () => {
    expect(before).not.toContain(ECHO);
    const tools = (await setup.mcp.client.listTools()).tools;
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining([ECHO, CHECK]));
    expect(names).not.toContain(LATER);
    expect(names).not.toContain(UNDECLARED);
    const echo = tools.find((tool) => tool.name === ECHO)!;
    expect(echo).toMatchObject({
      description: 'Says the text back, as many times as asked.',
      inputSchema: { required: ['text'] },
      annotations: { title: 'Echo', readOnlyHint: true, destructiveHint: false, openWorldHint: false }
    });
    // Listed without `additionalProperties: false`, which the server's instructions state once for every tool; still refused (below).
    expect(echo.inputSchema).not.toHaveProperty('additionalProperties');
  });

  it('offers them to an agent in the browser too (WebMCP), with the same answers, never the undeclared one', async () => {
    await expectSameInPage(setup);
    expect(await runCommand('example-tools-extension:undeclared-calls')).toBe(0);
  });

  it('calls a handler with the checked input and answers its JSON result', async () => {
    expect(await setup.mcp.ok(ECHO, { text: 'hi', times: 2 })).toEqual({
      success: true,
      result: { echoed: ['hi', 'hi'], at: { plugin: PLUGIN } }
    });
  });

  it('checks the input as for every tool, before the handler runs', async () => {
    expect((await failure(ECHO, { text: 'hi', loud: true })).error).toBe(
      `${ECHO}: unknown argument "loud". Accepted arguments: text, times.`
    );
    expect(await failure(ECHO, {})).toMatchObject({
      code: 'bad_input',
      error: expect.stringContaining('missing required argument "text"')
    });
    expect((await failure(ECHO, { text: 'hi', times: '2' })).error).toBe(
      `${ECHO}: argument "times" must be an integer, not a string ("2").`
    );
  });

  it("answers a handler's throw as command_failed with its message", async () => {
    expect(await failure(CHECK, { value: 'throw' })).toEqual({
      success: false,
      code: 'command_failed',
      error: `${CHECK} failed: check was told to throw (value "throw")`
    });
  });

  it.each([
    ['function', 'result.run: a function'],
    ['cycle', 'result.self: a cycle (it contains itself)'],
    ['bigint', 'result.big: a BigInt'],
    ['undefined', 'result: undefined']
  ])('rejects a result that is not plain JSON (%s), saying what is wrong', async (value, what) => {
    const result = await failure(CHECK, { value });
    expect(result.code).toBe('command_failed');
    expect(result.error).toContain(`${CHECK}: the handler of ${PLUGIN} returned what cannot be the result (${what}`);
  });

  it.each([
    ['shifty', 'Do not know how to serialize a BigInt'],
    ['huge', 'Invalid string length']
  ])(
    'answers a result that cannot be written (%s) promptly with internal_error naming the tool, and the page answers on',
    async (value, why) => {
      const started = Date.now();
      const result = await failure(CHECK, { value });
      expect(result.code).toBe('internal_error');
      expect(result.error).toContain(`${CHECK}: the page could not write the tool's result as JSON (${why}`);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect((await setup.mcp.ok('get_context')).pending).toEqual([]);
      expect((await setup.mcp.ok(ECHO, { text: 'still here' })).result).toEqual({ echoed: ['still here'], at: { plugin: PLUGIN } });
    }
  );

  it('never calls a handler nothing declares, and says so in the console and in catalogueErrors', async () => {
    await expect(call(UNDECLARED)).rejects.toThrow(`Unknown tool "${UNDECLARED}"`);
    expect(await runCommand('example-tools-extension:undeclared-calls')).toBe(0);
    const error = (await catalogueErrors()).find((e) => e.source === `registerTool("${PLUGIN}:undeclared")`);
    expect(error?.error).toMatch(
      /declares no valid tool "undeclared" .*so its handler is never called; it declares "echo", "check", "later"$/
    );
    expect(warnings.some((text) => text.includes(`registerTool("${PLUGIN}:undeclared")`))).toBe(true);
  });

  it('answers a declared tool without a handler with a tool error naming the extension that must register it', async () => {
    const result = await failure(LATER, {});
    expect(result.code).toBe('unknown_tool');
    expect(result.error).toContain(
      `${PLUGIN} declares it but has registered no handler for it (IAgentTools.registerTool("${PLUGIN}:later", handler))`
    );
    expect((await catalogueErrors()).map((e) => e.source)).toContain(`${PLUGIN} tool "${LATER}"`);
  });

  it('offers a tool once its handler is registered; needsApproval asks the person for every call, whatever confirm says', async () => {
    const listed = setup.mcp.listChangedUntil((names) => names.includes(LATER));
    await runCommand('example-tools-extension:register-later');
    await listed;
    const dialog = () => setup.page.locator('.jp-Dialog', { hasText: `Let the agent run ${LATER}?` });
    const click = (label: string) => setup.page.locator('.jp-Dialog .jp-Dialog-button', { hasText: label }).click();

    const allowed = call(LATER);
    await expect.poll(() => dialog().count(), { timeout: 15_000 }).toBe(1);
    await click('Allow');
    expect((await allowed).result).toEqual({ success: true, result: { ranLater: true } });

    const denied = call(LATER);
    await expect.poll(() => dialog().count(), { timeout: 15_000 }).toBe(1);
    await click('Deny');
    expect((await denied).result).toMatchObject({ success: false, code: 'denied_by_user' });
  });

  it('drops a tool from tools/list when its registration is disposed', async () => {
    const gone = setup.mcp.listChangedUntil((names) => !names.includes(LATER));
    await runCommand('example-tools-extension:unregister-later');
    await gone;
    expect((await failure(LATER, {})).error).toContain('has registered no handler');
  });

  it('removes a tool the disabledTools setting names', async () => {
    const gone = setup.mcp.listChangedUntil((names) => !names.includes(ECHO));
    await setBridgeSetting(setup.page, 'disabledTools', [ECHO]);
    await gone;
    expect((await failure(ECHO, { text: 'hi' })).error).toContain("the page's disabledTools setting removes it");
    const back = setup.mcp.listChangedUntil((names) => names.includes(ECHO));
    await resetBridgeSetting(setup.page, 'disabledTools');
    await back;
  });

  it("drops the plugin's tools when it is deactivated", async () => {
    const gone = setup.mcp.listChangedUntil((names) => !names.includes(ECHO) && !names.includes(CHECK));
    await setup.page.evaluate(
      (plugin) =>
        (globalThis as unknown as { jupyterapp: { deactivatePlugin(id: string): Promise<string[]> } }).jupyterapp.deactivatePlugin(plugin),
      PLUGIN
    );
    await gone;
    expect(await toolNames(setup)).not.toContain(ECHO);
  });
});

/** The extension's tools over WebMCP answer what they answer over MCP: a JSON result, a throw as command_failed. */
async function expectSameInPage(setup: PageWithAgent): Promise<void> {
  const names = (await webMcpTools(setup.page)).map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining([ECHO, CHECK]));
  expect(names).not.toContain(UNDECLARED);
  const echo = await executeInPage(setup.page, ECHO, { text: 'in page' });
  expect(echo.structuredContent).toEqual(await setup.mcp.ok(ECHO, { text: 'in page' }));
  const thrown = await executeInPage(setup.page, CHECK, { value: 'throw' });
  expect(thrown.isError).toBe(true);
  expect(thrown.structuredContent).toMatchObject({
    success: false,
    code: 'command_failed',
    error: expect.stringContaining('told to throw')
  });
}

describe.each(['Notebook 7', 'JupyterLite'] as const)('on %s', (kind) => {
  let setup: PageWithAgent;

  beforeAll(async () => {
    ({ setup } = await start(kind));
  });

  afterAll(async () => {
    await setup?.stop();
  });

  it("lists the extension's tools and calls them", async () => {
    expect(await toolNames(setup)).toEqual(expect.arrayContaining([ECHO, CHECK]));
    expect(await setup.mcp.ok(ECHO, { text: kind })).toEqual({ success: true, result: { echoed: [kind], at: { plugin: PLUGIN } } });
    expect((await setup.mcp.call(CHECK, { value: 'throw' })).result).toMatchObject({ success: false, code: 'command_failed' });
  });

  it('offers them to an agent in the browser too (WebMCP), with the same answers', async () => {
    await expectSameInPage(setup);
  });
});
