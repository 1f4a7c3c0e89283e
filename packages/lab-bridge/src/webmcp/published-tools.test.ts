import { describe, expect, it } from 'vitest';
import { fail, succeed, type ToolDescriptor } from '@jupyter-live-mcp/protocol';
import type { ModelContext, WebMcpTool } from './model-context.js';
import { findModelContext } from './model-context.js';
import { PublishedTools } from './published-tools.js';

const hints = { readOnlyHint: false, consequentialHint: true, untrustedContentHint: false };
const tool = (name: string, description = `${name} does it`): ToolDescriptor => ({
  name,
  description,
  inputSchema: { type: 'object' },
  hints
});

/** A registry that behaves as Chromium's: a promise per registration, a duplicate name refused, abort removes. */
function fakeContext(refuse: (name: string) => string | undefined = () => undefined) {
  const tools = new Map<string, WebMcpTool>();
  const log: string[] = [];
  const context: ModelContext = {
    registerTool(registered, options) {
      log.push(`try ${registered.name}`);
      const reason = tools.has(registered.name) ? 'Duplicate tool name' : refuse(registered.name);
      if (reason) return Promise.reject(new Error(reason));
      tools.set(registered.name, registered);
      log.push(`register ${registered.name}`);
      options?.signal?.addEventListener('abort', () => {
        tools.delete(registered.name);
        log.push(`unregister ${registered.name}`);
      });
      return Promise.resolve(undefined);
    }
  };
  return { context, tools, log };
}

function published(refuse?: (name: string) => string | undefined) {
  const fake = fakeContext(refuse);
  const calls: [string, Record<string, unknown>][] = [];
  const warnings: string[] = [];
  const taken: (readonly string[])[] = [];
  const tools = new PublishedTools(fake.context, {
    async call(name, args) {
      calls.push([name, args]);
      if (name === 'broken') throw new Error('boom');
      return name === 'denied'
        ? { resultJson: JSON.stringify(fail('denied_by_user', 'The person denied it.')), images: [] }
        : {
            resultJson: JSON.stringify(succeed({ outputs: ['[image 1: image/png 4x3, attached]'] })),
            images: [{ mimeType: 'image/png', data: 'iVBOR' }]
          };
    },
    warn: (message) => warnings.push(message),
    taken: (names) => taken.push(names)
  });
  return { ...fake, published: tools, calls, warnings, taken };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PublishedTools', () => {
  it('registers the catalogue, then only what changed', async () => {
    const p = published();
    p.published.sync([tool('a'), tool('b')]);
    p.published.sync([tool('a'), tool('b', 'b does more'), tool('c')]);
    expect(p.log.filter((line) => !line.startsWith('try'))).toEqual([
      'register a',
      'register b',
      'unregister b',
      'register b',
      'register c'
    ]);
    expect(p.tools.get('b')?.description).toBe('b does more');
    p.published.sync([]);
    expect(p.tools.size).toBe(0);
  });

  it('runs a call through the pipeline and answers MCP content: the JSON as text, then the pictures', async () => {
    const p = published();
    p.published.sync([tool('run_cell')]);
    const answer = await p.tools.get('run_cell')!.execute({ cellId: 'x' }, { signal: new AbortController().signal });
    expect(p.calls).toEqual([['run_cell', { cellId: 'x' }]]);
    expect(answer).toEqual({
      content: [
        { type: 'text', text: '{"outputs":["[image 1: image/png 4x3, attached]"],"success":true}' },
        { type: 'image', data: 'iVBOR', mimeType: 'image/png' }
      ],
      structuredContent: { outputs: ['[image 1: image/png 4x3, attached]'], success: true },
      isError: false
    });
  });

  it('answers a failure as an error result, and never throws into the browser', async () => {
    const p = published();
    p.published.sync([tool('denied'), tool('broken')]);
    expect(await p.tools.get('denied')!.execute({})).toMatchObject({ isError: true, structuredContent: { code: 'denied_by_user' } });
    expect(await p.tools.get('broken')!.execute({})).toMatchObject({
      isError: true,
      structuredContent: { code: 'internal_error', error: 'broken failed unexpectedly: boom' }
    });
    expect(await p.tools.get('denied')!.execute('not an object')).toMatchObject({
      isError: true,
      structuredContent: { code: 'bad_input' }
    });
    expect(p.calls.map(([name]) => name)).toEqual(['denied', 'broken']);
  });

  it('says once when the page refuses a name (another script took it), and tries again at the next change', async () => {
    const p = published((name) => (name === 'taken' ? 'Duplicate tool name' : undefined));
    p.published.sync([tool('taken'), tool('a')]);
    await settle();
    p.published.sync([tool('taken'), tool('a'), tool('b')]);
    await settle();
    expect(p.log).toEqual(['try taken', 'try a', 'register a', 'try taken', 'try b', 'register b']);
    expect(p.warnings).toEqual(['could not offer the tool "taken" on document.modelContext: Duplicate tool name']);
  });

  it('reports the names another script took, lists every refusal, and forgets one registered later or gone from the catalogue', async () => {
    const impostor = fakeContext((name) => (name === 'bad name' ? 'Invalid tool name' : undefined));
    const execute = async () => 'impostor';
    await impostor.context.registerTool({ name: 'get_context', description: 'x', inputSchema: {}, annotations: hints, execute });
    const taken: (readonly string[])[] = [];
    const tools = new PublishedTools(impostor.context, {
      call: async () => ({ resultJson: JSON.stringify(succeed()), images: [] }),
      warn: () => undefined,
      taken: (names) => taken.push(names)
    });
    tools.sync([tool('get_context'), tool('bad name'), tool('a')]);
    await settle();
    expect(taken).toEqual([['get_context']]);
    expect(tools.errors()).toEqual([
      { source: 'document.modelContext "bad name"', error: expect.stringContaining('the page refused to register it (Invalid tool name)') },
      {
        source: 'document.modelContext "get_context"',
        error: expect.stringContaining('another script of the page registered this name first')
      }
    ]);
    // The impostor goes; the next catalogue change registers the bridge's own.
    impostor.tools.delete('get_context');
    tools.sync([tool('get_context'), tool('bad name'), tool('a'), tool('b')]);
    await settle();
    expect(taken).toEqual([['get_context'], []]);
    expect(impostor.tools.get('get_context')?.description).toBe('get_context does it');
    tools.sync([tool('a')]);
    expect(tools.errors()).toEqual([]);
  });

  it('takes a registry that registers at once and throws (a polyfill) as well', () => {
    const p = published();
    const thrown = new PublishedTools(
      {
        registerTool() {
          throw new Error('no');
        }
      },
      {
        call: async () => ({ resultJson: JSON.stringify(succeed()), images: [] }),
        warn: (message) => p.warnings.push(message),
        taken: () => undefined
      }
    );
    thrown.sync([tool('a')]);
    expect(p.warnings).toEqual(['could not offer the tool "a" on document.modelContext: no']);
  });
});

describe('findModelContext', () => {
  it('finds document.modelContext only where it has registerTool', () => {
    const context = { registerTool: () => undefined };
    expect(findModelContext({ modelContext: context } as unknown as Document)).toBe(context);
    expect(findModelContext({} as Document)).toBeUndefined();
    expect(findModelContext({ modelContext: {} } as unknown as Document)).toBeUndefined();
    expect(findModelContext(undefined)).toBeUndefined();
  });
});
