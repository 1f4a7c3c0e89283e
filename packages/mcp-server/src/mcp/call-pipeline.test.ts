/**
 * The tools/call pipeline through a real SDK Client on an in-memory transport,
 * with pages as the router sees them: routing, refusals, the page call with its
 * cancellation and progress, and results completed as a definition asks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import {
  BUILT_IN_TOOLS,
  fail,
  succeed,
  type CallAgent,
  type CallAnswer,
  type ToolDescriptor,
  type ToolResult
} from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import { PageRouter } from '../hub/page-router.js';
import type { PageSession } from '../hub/page-session.js';
import { LitePage, PAGE_WAIT_MS, type LiteBrowser } from '../lite/lite-page.js';
import { mapResult } from './call-pipeline.js';
import { PROGRESS_INTERVAL_MS } from './call-progress.js';
import { buildMcpServer } from './mcp-server.js';
import { LIST_BUDGET_BYTES } from './tool-listing.js';

const BRIDGE_URL = 'ws://127.0.0.1:1';

interface FakePage {
  session: PageSession;
  calls: { tool: string; args: Record<string, unknown>; signal: AbortSignal | undefined; agent?: CallAgent }[];
}

/** A connected page with these tools that answers every call with `answer`. */
function fakePage(
  pageId: string,
  readyAt: number,
  answer: (tool: string, signal?: AbortSignal) => Promise<CallAnswer>,
  tools: readonly ToolDescriptor[] = BUILT_IN_TOOLS
): FakePage {
  const calls: FakePage['calls'] = [];
  const session = {
    identity: { pageId, app: { name: 'JupyterLab', version: '4.6.4' }, url: `http://localhost/${pageId}` },
    ready: true,
    readyAt,
    focused: false,
    focusedAt: 0,
    title: undefined,
    label: pageId,
    answering: true,
    tools,
    unavailable: [
      { name: 'run_cell', reason: 'the page\'s notebookTools setting is "jupyterlab-ai-commands", and this page does not have it' }
    ],
    call(tool: string, args: Record<string, unknown>, signal?: AbortSignal, agent?: CallAgent) {
      calls.push({ tool, args, signal, agent });
      return answer(tool, signal);
    }
  } as unknown as PageSession;
  return { session, calls };
}

const answers =
  (result: ToolResult, images: CallAnswer['images'] = []) =>
  () =>
    Promise.resolve({ result, images });

let router: PageRouter;
let client: Client;

beforeEach(async () => {
  router = new PageRouter();
  const server = buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: BRIDGE_URL });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterEach(async () => {
  vi.useRealTimers();
  await client.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) =>
  CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));

describe('the agent of a call', () => {
  it("names one agent per MCP session in every call it sends the page, with the client's name", async () => {
    const page = fakePage('p1', 1, answers(succeed()));
    router.update(page.session);
    const other = buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: BRIDGE_URL });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const second = new Client({ name: 'second-agent', version: '0' });
    await Promise.all([other.connect(serverSide), second.connect(clientSide)]);
    await call('get_context');
    await call('get_context');
    await second.callTool({ name: 'get_context', arguments: {} });
    await second.close();
    const [one, again, two] = page.calls.map((made) => made.agent);
    expect(one).toEqual({ id: expect.stringMatching(/^[0-9a-f]{12}$/), client: 'test' });
    expect(again).toEqual(one);
    expect(two).toEqual({ id: expect.stringMatching(/^[0-9a-f]{12}$/), client: 'second-agent' });
    expect(two?.id).not.toBe(one?.id);
  });
});

describe('routing a call', () => {
  it('refuses a listed tool at once while no page is connected, saying where pages connect and how lite helps', async () => {
    const result = await call('read_notebook', { notebookPath: 'a.ipynb' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, code: 'no_page' });
    expect(result.structuredContent?.error).toContain(`its serverUrls setting must include ${BRIDGE_URL}`);
    expect(result.structuredContent?.error).toContain('jupyter-live-mcp lite --open');
  });

  it('answers a name nobody lists with a JSON-RPC error, with and without a page', async () => {
    // The client's error says the code once: "MCP error -32602: Unknown tool …".
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: 'MCP error -32602: Unknown tool "no_such_tool". Call tools/list for the tools this server offers.'
    });
    router.update(fakePage('p1', 1, answers(succeed())).session);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool "no_such_tool"/);
  });

  it('answers no_page for a tool of the page that left (reloading), where an unknown name stays a JSON-RPC error', async () => {
    const extensionTool = { ...BUILT_IN_TOOLS[0]!, name: 'plot_figure', description: 'an extension tool' };
    const page = fakePage('p1', 1, answers(succeed()), [...BUILT_IN_TOOLS, extensionTool]);
    router.update(page.session);
    router.remove(page.session);
    expect((await call('plot_figure')).structuredContent).toMatchObject({ success: false, code: 'no_page' });
    expect((await call('get_context')).structuredContent).toMatchObject({ success: false, code: 'no_page' });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool "no_such_tool"/);
    expect(page.calls).toEqual([]);
  });

  it('refuses a default tool the page lacks, saying why, without calling the page', async () => {
    const page = fakePage('p1', 1, answers(succeed()));
    router.update(page.session);
    const bridgeCommand = await call('read_notebook', { notebookPath: 'a.ipynb' });
    expect(bridgeCommand.structuredContent).toMatchObject({ success: false, code: 'unknown_tool' });
    expect(bridgeCommand.structuredContent?.error).toContain('its disabledTools or blockedCommands setting removes it');
    const jupyterLabCommand = await call('open_document', { path: 'a.ipynb' });
    expect(jupyterLabCommand.structuredContent?.error).toContain('its disabledTools or blockedCommands setting removes it');
    // The page knows best: its own reason is what the agent hears.
    const explained = await call('run_cell', { notebookPath: 'a.ipynb', cellId: 'c' });
    expect(explained.structuredContent?.error).toBe(
      'The connected page does not offer "run_cell": the page\'s notebookTools setting is "jupyterlab-ai-commands", and this page ' +
        'does not have it. Call tools/list for the tools the page has; execute_command with a command from list_all_commands may do the same job.'
    );
    expect(page.calls).toEqual([]);
  });

  it("refuses a tool only the page's unavailable list names (an extension tool without its handler), with the page's reason", async () => {
    const page = fakePage('p1', 1, answers(succeed()));
    Object.assign(page.session, { unavailable: [{ name: 'weather_ext__now', reason: 'weather-ext:plugin registered no handler' }] });
    router.update(page.session);
    const refused = await call('weather_ext__now');
    expect(refused.structuredContent).toMatchObject({ success: false, code: 'unknown_tool' });
    expect(refused.structuredContent?.error).toMatch(
      /^The connected page does not offer "weather_ext__now": weather-ext:plugin registered no handler\./
    );
  });

  it('runs select_page on the server and sends later calls to the page it selected', async () => {
    const first = fakePage('p1', 1, answers(succeed()));
    const second = fakePage('p2', 2, answers(succeed()));
    router.update(first.session);
    router.update(second.session);
    const selected = await call('select_page', { pageId: 'p1' });
    expect(selected.structuredContent).toMatchObject({ success: true, selected: 'p1' });
    await call('list_all_commands', { query: 'run' });
    expect(first.calls.map(({ tool, args }) => ({ tool, args }))).toEqual([{ tool: 'list_all_commands', args: { query: 'run' } }]);
    expect(second.calls).toEqual([]);
  });
  it('answers select_page arguments its zod input does not take with bad_input, as a page answers its tools', async () => {
    router.update(fakePage('p1', 1, answers(succeed())).session);
    const error = async (args: Record<string, unknown>) => (await call('select_page', args)).structuredContent;
    expect(await error({ page: 'p1' })).toEqual({
      success: false,
      code: 'bad_input',
      error: 'select_page: unknown argument "page". Accepted arguments: pageId.'
    });
    expect(await error({ pageId: 5 })).toMatchObject({
      code: 'bad_input',
      error: 'select_page: argument "pageId" must be a string, not a number.'
    });
    expect(await error({ pageId: 'p9' })).toMatchObject({
      code: 'bad_input',
      error: 'select_page: no connected page has the id "p9". Connected pages: p1.'
    });
    // null is "not given", as for every tool (checkInput).
    expect(await error({ pageId: null })).toMatchObject({ success: true, pages: [{ pageId: 'p1', current: true }] });
  });

  it('lists select_page with the JSON Schema of its zod input', async () => {
    const listed = (await client.listTools()).tools.find((tool) => tool.name === 'select_page');
    expect(listed?.inputSchema).toEqual({
      type: 'object',
      // No additionalProperties: false where properties are listed; the instructions say once that other arguments are refused.
      properties: { pageId: { type: 'string', description: "From this tool's list." } }
    });
  });

  it('answers arguments that are not an object, or a name that is not a string, with invalid params (-32602) in one sentence', async () => {
    for (const [params, problem] of [
      [{ name: 'select_page', arguments: 5 }, '"arguments" must be an object of the tool\'s arguments by name, not a number'],
      [{ name: 'select_page', arguments: ['pageId'] }, '"arguments" must be an object of the tool\'s arguments by name, not an array'],
      [{ name: 'get_context', arguments: 'pageId=p1' }, '"arguments" must be an object of the tool\'s arguments by name, not a string'],
      [{ name: 5, arguments: {} }, '"name" must be a string, not a number'],
      [{ arguments: {} }, '"name" must be a string, not undefined']
    ] as const) {
      const answer = client.request({ method: 'tools/call', params: params as never }, CallToolResultSchema);
      // One sentence, the code said once.
      await expect(answer).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        message: `MCP error -32602: Invalid tools/call params: ${problem}.`
      });
    }
  });

  it("lists the server's own select_page once, and runs it, when the page offers a tool of that name too", async () => {
    const impostor = { ...BUILT_IN_TOOLS[0]!, name: 'select_page', description: "the page's own" };
    const page = fakePage('p1', 1, answers(succeed()), [...BUILT_IN_TOOLS, impostor]);
    router.update(page.session);
    const listed = (await client.listTools()).tools.filter((tool) => tool.name === 'select_page');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.description).toMatch(/^List the connected Jupyter pages/);
    expect((await call('select_page')).structuredContent).toMatchObject({ success: true, pages: [{ pageId: 'p1' }] });
    expect(page.calls).toEqual([]);
  });
});

describe('calling the page', () => {
  it("answers with the page's result and its pictures as image blocks", async () => {
    router.update(
      fakePage(
        'p1',
        1,
        answers(succeed({ outputs: ['[image 1: image/png 1x1, attached]'] }), [{ mimeType: 'image/png', data: 'iVBORw==' }])
      ).session
    );
    const result = await call('execute_command', { commandId: 'x:y' });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([
      { type: 'text', text: '{"outputs":["[image 1: image/png 1x1, attached]"],"success":true}' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw==' }
    ]);
  });

  it('passes the cancellation of a request on to the page call', async () => {
    const page = fakePage(
      'p1',
      1,
      (_tool, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('cancelled'))))
    );
    router.update(page.session);
    const cancel = new AbortController();
    const pending = client.callTool({ name: 'get_context', arguments: {} }, undefined, { signal: cancel.signal });
    await expect.poll(() => page.calls.length).toBe(1);
    cancel.abort('the agent gave up');
    await expect(pending).rejects.toThrow();
    expect(page.calls[0]?.signal?.aborted).toBe(true);
  });

  it('reports progress while the page works, to a client that asked for it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let finish: (outcome: CallAnswer) => void = () => {};
    const page = fakePage('p1', 1, () => new Promise((resolve) => (finish = resolve)));
    router.update(page.session);
    const progress: (string | undefined)[] = [];
    const pending = client.callTool({ name: 'get_context', arguments: {} }, undefined, { onprogress: (p) => progress.push(p.message) });
    await expect.poll(() => page.calls.length).toBe(1);
    vi.advanceTimersByTime(2 * PROGRESS_INTERVAL_MS);
    await expect.poll(() => progress.length).toBe(2);
    expect(progress[0]).toMatch(/^get_context is still running in the page \(\d+ s\)$/);
    finish({ result: succeed(), images: [] });
    await pending;
    vi.advanceTimersByTime(2 * PROGRESS_INTERVAL_MS);
    expect(progress).toHaveLength(2);
  });

  it("reports no progress while the page's script does not answer: it is not working on the call", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let finish: (outcome: CallAnswer) => void = () => {};
    const page = fakePage('p1', 1, () => new Promise((resolve) => (finish = resolve)));
    (page.session as { answering: boolean }).answering = false;
    router.update(page.session);
    const progress: (string | undefined)[] = [];
    const pending = client.callTool({ name: 'get_context', arguments: {} }, undefined, { onprogress: (p) => progress.push(p.message) });
    await expect.poll(() => page.calls.length).toBe(1);
    vi.advanceTimersByTime(3 * PROGRESS_INTERVAL_MS);
    (page.session as { answering: boolean }).answering = true;
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    await expect.poll(() => progress.length).toBe(1);
    finish({ result: succeed(), images: [] });
    await pending;
  });
});

describe('waiting for the page lite opened', () => {
  /** A client of a server that runs lite with its page in `browser`. */
  async function liteClient(browser: LiteBrowser): Promise<{ lite: LitePage; liteCall: typeof client.callTool }> {
    const lite = new LitePage(browser, router, 'lite');
    const server = buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: BRIDGE_URL, lite });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const liteClient = new Client({ name: 'test', version: '0' });
    await Promise.all([server.connect(serverSide), liteClient.connect(clientSide)]);
    return { lite, liteCall: liteClient.callTool.bind(liteClient) };
  }
  const litePage = (answer: () => Promise<CallAnswer>) => {
    const page = fakePage('page-1', 1, answer);
    Object.assign(page.session, { scope: 'lite' });
    return page;
  };
  const structured = (result: unknown) => CallToolResultSchema.parse(result).structuredContent;

  it("runs a client's first call on the page once it connects, telling a client that asked what it waits for", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { lite, liteCall } = await liteClient('headless');
    const progress: (string | undefined)[] = [];
    const pending = liteCall({ name: 'get_context', arguments: {} }, undefined, { onprogress: (p) => progress.push(p.message) });
    // Ticks until the server, which hears of the call a moment later, has reported.
    await expect
      .poll(() => {
        vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
        return progress.length;
      })
      .toBeGreaterThan(0);
    expect(progress[0]).toMatch(/^waiting for the lite page to connect \(\d+ s\)$/);
    const page = litePage(answers(succeed({ app: 'lite' })));
    router.update(page.session);
    expect(structured(await pending)).toMatchObject({ success: true, app: 'lite', page: { pageId: 'lite:page-1' } });
    expect(page.calls.map((made) => made.tool)).toEqual(['get_context']);
    expect(lite.state).toEqual({ phase: 'arrived' });
  });

  it('answers no_page at once when its browser fails meanwhile, saying so and what to do', async () => {
    const { lite, liteCall } = await liteClient('open');
    const pending = liteCall({ name: 'get_context', arguments: {} });
    lite.fail('could not be opened in a browser: xdg-open exited with code 3');
    const result = structured(await pending) as { code: string; error: string };
    expect(result.code).toBe('no_page');
    expect(result.error).toContain('(jupyter-live-mcp lite --open) could not be opened in a browser: xdg-open exited with code 3.');
    expect(result.error).toContain('start lite with --headless');
  });

  it('waits at most its time once, then answers at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { liteCall } = await liteClient('headless');
    const pending = liteCall({ name: 'read_notebook', arguments: { notebookPath: 'a.ipynb' } });
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS);
    expect(structured(await pending)).toMatchObject({ code: 'no_page', error: expect.stringContaining('has not connected within 20 s') });
    expect(structured(await liteCall({ name: 'get_context', arguments: {} }))).toMatchObject({ code: 'no_page' });
  });

  it('never waits for a tool nobody lists, nor for a page the person opens by hand', async () => {
    const { liteCall } = await liteClient('none');
    await expect(liteCall({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool "no_such_tool"/);
    expect(structured(await liteCall({ name: 'get_context', arguments: {} }))).toMatchObject({
      code: 'no_page',
      error: expect.stringContaining('without opening a browser')
    });
  });
});

describe('listing a big catalogue', () => {
  /** 10,000 tools with 800-character descriptions: a 9 MiB tools/list, over what a stdio client reads in one message. */
  const manyTools = Array.from({ length: 10_000 }, (_, i) => ({
    ...BUILT_IN_TOOLS[0]!,
    name: `tool_${i}`,
    description: `${i} `.padEnd(800, 'x')
  }));

  it('keeps tools/list within its budget, the server tool and the first page tools kept, and names what it left out in get_context', async () => {
    const page = fakePage('p1', 1, answers(succeed({ app: 'lab' })), [...BUILT_IN_TOOLS, ...manyTools]);
    router.update(page.session);
    const { tools } = await client.listTools();
    expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThanOrEqual(LIST_BUDGET_BYTES);
    const names = tools.map((tool) => tool.name);
    expect(names.slice(0, BUILT_IN_TOOLS.length + 1)).toEqual([...BUILT_IN_TOOLS.map((tool) => tool.name), 'tool_0']);
    expect(names.at(-1)).toBe('select_page');
    const leftOut = BUILT_IN_TOOLS.length + manyTools.length + 1 - names.length;
    expect(leftOut).toBeGreaterThan(8000);

    const context = (await call('get_context')).structuredContent as { unlistedTools: { count: number; names: string[]; note: string } };
    expect(context.unlistedTools.count).toBe(leftOut);
    expect(context.unlistedTools.names[0]).toBe(`tool_${names.length - BUILT_IN_TOOLS.length - 1}`);
    expect(context.unlistedTools.note).toMatch(/not in tools\/list: the list is kept under 1 MiB.*still run when called by name/);
    // A tool left out of the list still runs.
    await call('tool_9999');
    expect(page.calls.at(-1)?.tool).toBe('tool_9999');
  });

  it('leaves out a tool whose schema cannot be written as JSON, and says so once in the log', async () => {
    const lines: string[] = [];
    const server = buildMcpServer({
      router,
      log: createLogger('warn', (line) => lines.push(line)),
      version: 'test',
      bridgeUrl: BRIDGE_URL
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const other = new Client({ name: 'test', version: '0' });
    await Promise.all([server.connect(serverSide), other.connect(clientSide)]);
    let deep: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 20_000; i++) {
      deep = { type: 'object', properties: { a: deep } };
    }
    const unwritable = { ...BUILT_IN_TOOLS[0]!, name: 'deep_tool', inputSchema: deep as never };
    router.update(fakePage('p1', 1, answers(succeed()), [...BUILT_IN_TOOLS, unwritable]).session);
    expect((await other.listTools()).tools.map((tool) => tool.name)).toEqual([...BUILT_IN_TOOLS.map((tool) => tool.name), 'select_page']);
    await other.listTools();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/page p1: tools\/list leaves out 1 of its 6 tools \(deep_tool\): .*still run when called by name/);
    await other.close();
  });
});

describe('mapping the result', () => {
  it('completes a success of a reportsPages tool (get_context) with the page that answered and, with several, the others', async () => {
    const first = fakePage('p1', 1, answers(succeed({ app: 'lab' })));
    router.update(first.session);
    expect((await call('get_context')).structuredContent).toEqual({
      success: true,
      app: 'lab',
      page: { pageId: 'p1', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://localhost/p1', focused: false, current: true }
    });
    router.update(fakePage('p2', 2, answers(succeed())).session);
    await call('select_page', { pageId: 'p1' });
    const both = (await call('get_context')).structuredContent as {
      page: { pageId: string };
      pages: { pageId: string; current: boolean }[];
    };
    expect(both.page.pageId).toBe('p1');
    expect(both.pages.map(({ pageId, current }) => ({ pageId, current }))).toEqual([
      { pageId: 'p1', current: true },
      { pageId: 'p2', current: false }
    ]);
  });

  it('leaves a failure, and every tool whose definition does not ask for it, as the page sent it', () => {
    const page = fakePage('p1', 1, answers(succeed())).session;
    const failure = fail('command_failed', 'no such notebook');
    expect(mapResult('get_context', failure, page, [page])).toBe(failure);
    const listed = succeed({ commands: [] });
    expect(mapResult('list_all_commands', listed, page, [page])).toBe(listed);
    expect(mapResult('read_notebook', listed, page, [page])).toBe(listed);
  });
});
