/**
 * The person's focus as MCP resources, through a real SDK Client on an
 * in-memory transport: listed from the page's focus, listed anew when it
 * changes, read from the page (cells) or from the focus (selected text).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { BUILT_IN_TOOLS, succeed, type CallAgent, type PersonFocus } from '@jupyter-live-mcp/protocol';
import { createLogger } from '../log.js';
import { PageRouter } from '../hub/page-router.js';
import type { PageSession } from '../hub/page-session.js';
import { FOCUS_RESOURCES } from './focus-resources.js';
import { buildMcpServer } from './mcp-server.js';

const FOCUS: PersonFocus = {
  notebookPath: 'work/analysis.ipynb',
  activeCell: { id: 'c3', index: 3 },
  selectedCells: [
    { id: 'c2', index: 2 },
    { id: 'c3', index: 3 }
  ],
  editor: { cursor: { line: 1, column: 5 }, selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 5 }, text: 'df.h' } }
};

/** The JSON a resource's one content carries. */
const jsonOf = (read: { contents: unknown[] }) => JSON.parse((read.contents[0] as { text: string }).text);

let router: PageRouter;
let client: Client;
let calls: { tool: string; args: Record<string, unknown>; agent?: CallAgent }[];
let page: PageSession;
let listChanges: number;

beforeEach(async () => {
  router = new PageRouter();
  calls = [];
  listChanges = 0;
  page = {
    identity: { pageId: 'p1', app: { name: 'JupyterLab', version: '4.6.4' }, url: 'http://localhost/p1' },
    ready: true,
    readyAt: 1,
    focused: true,
    focusedAt: 1,
    label: 'p1',
    tools: BUILT_IN_TOOLS,
    unavailable: [],
    focus: FOCUS,
    call(tool: string, args: Record<string, unknown>, _signal?: AbortSignal, agent?: CallAgent) {
      calls.push({ tool, args, agent });
      // As the page answers: without the path the call named.
      return Promise.resolve({ result: succeed({ cells: [] }), images: [] });
    }
  } as unknown as PageSession;
  router.update(page);
  const server = buildMcpServer({ router, log: createLogger('error', () => {}), version: 'test', bridgeUrl: 'ws://127.0.0.1:1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '0' });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    listChanges++;
  });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterEach(async () => {
  await client.close();
});

describe('the focus resources', () => {
  it('lists the notebook, the selected cells and the selected text, naming where they are', async () => {
    expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: true });
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.title])).toEqual([
      [FOCUS_RESOURCES.notebook, 'Active notebook: work/analysis.ipynb'],
      [FOCUS_RESOURCES.selectedCells, 'Selected cells: 2 cells of work/analysis.ipynb'],
      [FOCUS_RESOURCES.editorSelection, 'Selected text in cell 3 of work/analysis.ipynb']
    ]);
  });

  it('reads the selected cells from the page as the session’s agent, and the selected text from the focus', async () => {
    const cells = await client.readResource({ uri: FOCUS_RESOURCES.selectedCells });
    expect(calls).toEqual([
      {
        tool: 'read_notebook',
        args: { notebookPath: 'work/analysis.ipynb', cellIds: ['c2', 'c3'] },
        agent: expect.objectContaining({ client: 'test' })
      }
    ]);
    expect(jsonOf(cells)).toEqual({ success: true, notebookPath: 'work/analysis.ipynb', cells: [] });
    await client.readResource({ uri: FOCUS_RESOURCES.notebook });
    expect(calls[1]).toMatchObject({ tool: 'read_notebook', args: { notebookPath: 'work/analysis.ipynb' } });
    const text = await client.readResource({ uri: FOCUS_RESOURCES.editorSelection });
    expect(jsonOf(text)).toEqual({
      notebookPath: 'work/analysis.ipynb',
      cellId: 'c3',
      index: 3,
      start: { line: 1, column: 1 },
      end: { line: 1, column: 5 },
      text: 'df.h'
    });
  });

  it('tells the client when the person moved, and lists only what there is then', async () => {
    page.focus = { notebookPath: 'work/analysis.ipynb', selectedCells: [] };
    router.update(page);
    await expect.poll(() => listChanges).toBe(1);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([FOCUS_RESOURCES.notebook]);
    await expect(client.readResource({ uri: FOCUS_RESOURCES.editorSelection })).rejects.toThrow(
      // The client's error says the code once.
      /^MCP error -32002: Resource jupyter-live:\/\/focus\/editor-selection is not there: the person has not selected that now/
    );
    page.focus = null;
    router.update(page);
    await expect.poll(() => listChanges).toBe(2);
    expect((await client.listResources()).resources).toEqual([]);
    await expect(client.readResource({ uri: 'jupyter-live://elsewhere' })).rejects.toThrow(/the person has no notebook open in the page/);
  });
});
