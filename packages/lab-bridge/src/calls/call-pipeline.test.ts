import { describe, expect, it } from 'vitest';
import { fail, succeed, type PageCallAnswer, type ToolResult } from '@jupyter-live-mcp/protocol';
import type { BridgeTool } from './bridge-tool.js';
import { IN_PAGE_CALLER } from '../changes/caller.js';
import { callPipeline, type CallSteps } from './call-pipeline.js';

const schema = { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };
const hints = { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false };

/** A pipeline over one tool "echo" (or `name`), whose steps write what they do into `steps`. */
function pipeline(tool: Partial<BridgeTool> & { name?: string } = {}, overrides: Partial<CallSteps> = {}) {
  const steps: string[] = [];
  const ran: Record<string, unknown>[] = [];
  const { name = 'echo', ...properties } = tool;
  const echo: BridgeTool = {
    descriptor: { name, description: name, inputSchema: schema, hints },
    async run(args) {
      steps.push('run');
      ran.push(args);
      if (args.text === 'throw') {
        throw new Error('boom');
      }
      return succeed({ text: args.text });
    },
    ...properties
  };
  const tools = new Map([[name, echo]]);
  const call = callPipeline({
    tools: () => tools,
    count: (tool, source) => steps.push(source === 'server' ? `count ${tool}` : `count ${tool} (${source})`),
    goPending: async (tool, command, run) => {
      steps.push(`pending ${tool} ${command ?? '-'}`);
      return run();
    },
    gate: async (tool) => void steps.push(`gate ${tool}`),
    markCell: () => () => undefined,
    markWork: (tool, work) => {
      steps.push(`mark ${tool} ${work.notebookPath} ${work.cellIds.join(',')}`);
      return () => steps.push(`unmark ${tool}`);
    },
    keepChanges: async (tool, notebookPath, caller, run) => {
      steps.push(`keep ${tool} ${notebookPath} by ${caller?.label ?? '-'}`);
      const result = await run(async () => void steps.push('changes done'));
      steps.push('kept');
      return result;
    },
    takePictures: async (json) => {
      steps.push('pictures');
      return { resultJson: JSON.stringify({ ...JSON.parse(json), pictured: true }), images: [{ mimeType: 'image/png', data: 'AAAA' }] };
    },
    cap: (json) => {
      steps.push('pictured' in JSON.parse(json) ? 'cap the pictured result' : 'cap');
      return json;
    },
    ...overrides
  });
  return { call, steps, ran };
}

/** The result an answer sends. */
const resultOf = (answer: PageCallAnswer): unknown => JSON.parse(answer.resultJson);

describe('callPipeline', () => {
  it('counts, goes pending with the command the tool names, checks, gates, runs, takes pictures and caps, in that order', async () => {
    const p = pipeline({ commandOf: (args) => `cmd:${String(args.text)}` });
    const answer = await p.call('echo', { text: 'hi', toolbar: true });
    expect(resultOf(answer)).toEqual({ success: true, text: 'hi', pictured: true });
    expect(answer.images).toEqual([{ mimeType: 'image/png', data: 'AAAA' }]);
    expect(p.steps).toEqual(['count echo', 'pending echo cmd:hi', 'gate echo', 'run', 'pictures', 'cap the pictured result']);
    // Checked arguments: the UI-only argument is dropped.
    expect(p.ran).toEqual([{ text: 'hi' }]);
  });

  it('counts an in-page (WebMCP) call as such, and runs it the same way', async () => {
    const p = pipeline({ commandOf: (args) => `cmd:${String(args.text)}` });
    expect(resultOf(await p.call('echo', { text: 'hi' }, 'in-page'))).toEqual({ success: true, text: 'hi', pictured: true });
    expect(p.steps).toEqual(['count echo (in-page)', 'pending echo cmd:hi', 'gate echo', 'run', 'pictures', 'cap the pictured result']);
  });

  it('runs a tool that never goes pending without the pending rules', async () => {
    const p = pipeline({ name: 'answer', neverPending: true });
    await p.call('answer', { text: 'hi' });
    expect(p.steps.slice(0, 3)).toEqual(['count answer', 'gate answer', 'run']);
  });

  it('stops the call when the gate answers', async () => {
    const p = pipeline({}, { gate: async () => fail('paused', 'paused') });
    expect(resultOf(await p.call('echo', { text: 'hi' }))).toEqual({ success: false, code: 'paused', error: 'paused', pictured: true });
    expect(p.ran).toEqual([]);
  });

  it("keeps what a call of a tool that changes cells did, around its run, naming the call's agent", async () => {
    const work = (args: Record<string, unknown>) => ({
      action: 'editing' as const,
      notebookPath: `${String(args.text)}.ipynb`,
      cellIds: []
    });
    const p = pipeline({ changesCells: true, workOf: work });
    await p.call('echo', { text: 'n' }, 'server', { key: 'ws://x#a1', label: 'claude-code (a1)' });
    await p.call('echo', { text: 'm' }, 'in-page', IN_PAGE_CALLER);
    expect(p.steps.filter((step) => step.startsWith('keep') || step === 'run' || step === 'kept')).toEqual([
      'keep echo n.ipynb by claude-code (a1)',
      'run',
      'kept',
      'keep echo m.ipynb by agent in this page (WebMCP)',
      'run',
      'kept'
    ]);
    // Not a tool that changes cells, or no notebook named: its run is not kept.
    for (const other of [pipeline({ workOf: work }), pipeline({ changesCells: true })]) {
      await other.call('echo', { text: 'n' });
      expect(other.steps.some((step) => step.startsWith('keep'))).toBe(false);
    }
  });

  it('answers bad_input without gate or run', async () => {
    const p = pipeline();
    expect(resultOf(await p.call('echo', { txt: 'hi' }))).toEqual({
      success: false,
      code: 'bad_input',
      error: 'echo: unknown argument "txt". Accepted arguments: text.',
      pictured: true
    });
    expect(p.steps).not.toContain('gate echo');
    expect(p.ran).toEqual([]);
  });

  it('answers unknown_tool with the tools there are', async () => {
    const p = pipeline();
    expect(resultOf(await p.call('nope', {}))).toEqual({
      success: false,
      code: 'unknown_tool',
      error: 'This page has no tool "nope". Its tools are: echo.',
      pictured: true
    });
  });

  it('turns a throw into command_failed', async () => {
    const p = pipeline();
    expect(resultOf(await p.call('echo', { text: 'throw' }))).toEqual({
      success: false,
      code: 'command_failed',
      error: 'echo failed: boom',
      pictured: true
    });
  });

  it('writes the result as JSON once, as the tool ends, reading nothing of it again, and answers internal_error when it cannot be written', async () => {
    let reads = 0;
    // Not made with succeed, which copies its fields: the pipeline gets the getter itself.
    const shifty = (): ToolResult => ({
      success: true,
      get value(): unknown {
        return reads++ === 0 ? 'as it finished' : BigInt(1);
      }
    });
    expect(resultOf(await pipeline({ run: async () => shifty() }).call('echo', { text: 'x' }))).toEqual({
      success: true,
      value: 'as it finished',
      pictured: true
    });
    expect(reads).toBe(1);
    // The pending rules keep it, or add the dialogs left open to it, as it finished too.
    reads = 0;
    const kept: unknown[] = [];
    const withDialogs = pipeline(
      { run: async () => shifty() },
      {
        goPending: async (_tool, _command, run, asFinished) => {
          const result = asFinished(await run());
          kept.push(asFinished(result));
          return { ...result, dialogs: ['Save?'] };
        }
      }
    );
    expect(resultOf(await withDialogs.call('echo', { text: 'x' }))).toEqual({
      success: true,
      value: 'as it finished',
      dialogs: ['Save?'],
      pictured: true
    });
    expect(kept).toEqual([{ success: true, value: 'as it finished' }]);
    expect(reads).toBe(1);
    let pendingResult: unknown;
    const broken = pipeline(
      { run: async () => succeed({ big: BigInt(1) }) },
      {
        goPending: async (_tool, _command, run) => {
          pendingResult = await run();
          return succeed({ pending: true });
        }
      }
    );
    expect(resultOf(await broken.call('echo', { text: 'x' }))).toMatchObject({ pending: true });
    expect(pendingResult).toEqual({
      success: false,
      code: 'internal_error',
      error: expect.stringMatching(/^echo: the page could not write the tool's result as JSON \(.*BigInt.*\), so it is lost/)
    });
    const nothing = pipeline({ run: async () => undefined as unknown as ToolResult });
    expect(resultOf(await nothing.call('echo', { text: 'x' }))).toMatchObject({
      code: 'internal_error',
      error: expect.stringMatching(/could not write the tool's result as JSON \(it is not a JSON value\)/)
    });
  });

  it("hands the tool's result, written once, to the pictures and the cap, and answers that text", async () => {
    const seen: string[] = [];
    const untouched = pipeline(
      { run: async () => succeed({ text: 'hi', cells: [{ id: 'a' }] }) },
      {
        takePictures: async (json) => {
          seen.push(json);
          return { resultJson: json, images: [] };
        },
        cap: (json) => {
          seen.push(json);
          return json;
        }
      }
    );
    const written = JSON.stringify(succeed({ text: 'hi', cells: [{ id: 'a' }] }));
    expect(await untouched.call('echo', { text: 'x' })).toEqual({ resultJson: written, images: [] });
    expect(seen).toEqual([written, written]);
  });

  it('answers the text the cap made of the pictured result', async () => {
    const cut = pipeline({}, { cap: (json) => JSON.stringify({ ...JSON.parse(json), truncated: true }) });
    expect(resultOf(await cut.call('echo', { text: 'x' }))).toEqual({ success: true, text: 'x', pictured: true, truncated: true });
  });

  it("writes the pending rules' own answer, not the tool's", async () => {
    const p = pipeline(
      {},
      {
        goPending: async (_tool, _command, run) => ({ ...(await run()), dialogs: ['Save?'] }),
        takePictures: async (json) => ({ resultJson: json, images: [] }),
        cap: (json) => json
      }
    );
    expect(resultOf(await p.call('echo', { text: 'x' }))).toEqual({ success: true, text: 'x', dialogs: ['Save?'] });
  });

  it('gives each call its own context: the progress one run tells is read by its own pending answers only', async () => {
    const readers: (() => unknown)[] = [];
    const p = pipeline(
      {
        run: async (args, call) => {
          call.progress = { cellsRun: 0, cells: 2, runningCellId: String(args.text), runningIndex: 0 };
          return succeed({});
        }
      },
      {
        goPending: async (_tool, _command, run, _asFinished, progress) => {
          readers.push(progress);
          return run();
        }
      }
    );
    await Promise.all([p.call('echo', { text: 'a' }), p.call('echo', { text: 'b' })]);
    expect(readers.map((read) => (read() as { runningCellId: string }).runningCellId)).toEqual(['a', 'b']);
  });

  describe('marks the work of a tool that works on a notebook', () => {
    const marking = {
      workOf: (args: Record<string, unknown>) => ({ action: 'running' as const, notebookPath: 'a.ipynb', cellIds: [String(args.text)] })
    };

    it('from after the gate until the tool ends', async () => {
      const p = pipeline(marking);
      await p.call('echo', { text: 'c1' });
      expect(p.steps).toEqual([
        'count echo',
        'pending echo -',
        'gate echo',
        'mark echo a.ipynb c1',
        'run',
        'unmark echo',
        'pictures',
        'cap the pictured result'
      ]);
    });

    it('until a tool that throws has failed', async () => {
      const p = pipeline(marking);
      expect(resultOf(await p.call('echo', { text: 'throw' }))).toMatchObject({ code: 'command_failed' });
      expect(p.steps.slice(3, 6)).toEqual(['mark echo a.ipynb throw', 'run', 'unmark echo']);
    });

    it('until a call that answered pending has finished', async () => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let later: Promise<unknown> = Promise.resolve();
      const p = pipeline(
        {
          ...marking,
          run: async () => {
            await finished;
            return succeed({});
          }
        },
        {
          goPending: async (_tool, _command, run) => {
            later = run();
            return succeed({ pending: true });
          }
        }
      );
      expect(resultOf(await p.call('echo', { text: 'c1' }))).toMatchObject({ pending: true });
      expect(p.steps.at(-3)).toBe('mark echo a.ipynb c1');
      finish();
      await later;
      expect(p.steps.at(-1)).toBe('unmark echo');
    });

    it('never when the gate stops the call or its input is bad', async () => {
      const denied = pipeline(marking, { gate: async () => fail('denied_by_user', 'denied') });
      await denied.call('echo', { text: 'c1' });
      const bad = pipeline(marking);
      await bad.call('echo', { txt: 'c1' });
      expect([...denied.steps, ...bad.steps].filter((step) => step.startsWith('mark'))).toEqual([]);
    });
  });
});
