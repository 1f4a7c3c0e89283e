import { describe, expect, it } from 'vitest';
import { BUILT_IN_TOOLS, encodeResultMessage, fail, succeed, type AttachedImage, type ToolResult } from '@jupyter-live-mcp/protocol';
import { rawResultMessage } from '../hub/raw-result.js';
import { messageChunks } from '../transport/answer-json.js';
import { missingToolReason } from './call-pipeline.js';
import { MESSAGE_BUDGET_BYTES, answerMessageBytes } from './message-budget.js';
import { toCallToolResult } from './result-mapping.js';
import { DEFAULT_CATALOGUE, HINTS_META_KEY, fitListing, toMcpTool } from './tool-listing.js';

describe('toCallToolResult', () => {
  it('gives a success as compact JSON text and structured content', () => {
    const result = succeed({ app: { name: 'JupyterLab', version: '4.6.4' } });
    expect(toCallToolResult(result)).toEqual({
      content: [{ type: 'text', text: '{"app":{"name":"JupyterLab","version":"4.6.4"},"success":true}' }],
      structuredContent: result,
      isError: false
    });
  });

  it('puts the pictures after the text, as image blocks', () => {
    const mapped = toCallToolResult(succeed({ outputs: ['[image 1: image/png 4x3, attached]'] }), [
      { mimeType: 'image/png', data: 'iVBOR' }
    ]);
    expect(mapped.content).toEqual([
      { type: 'text', text: '{"outputs":["[image 1: image/png 4x3, attached]"],"success":true}' },
      { type: 'image', mimeType: 'image/png', data: 'iVBOR' }
    ]);
  });

  it("answers a result kept as the page's text as it answers the same result parsed, in both forms", () => {
    const result = bigRead(4000, 60);
    const picture: AttachedImage = { mimeType: 'image/png', data: 'iVBOR' };
    for (const form of ['both', 'structured'] as const) {
      const kept = toCallToolResult(keptResult(result, [picture]), [picture], form);
      const parsed = toCallToolResult(result, [picture], form);
      // Written (answer-json.ts) and read (an --http answer, a joined server's) alike.
      expect(written(kept)).toBe(written(parsed));
      expect(JSON.parse(JSON.stringify(kept))).toEqual(JSON.parse(JSON.stringify(parsed)));
      expect(kept.structuredContent).toEqual(result);
      expect(answerMessageBytes(kept)).toBe(answerMessageBytes(parsed));
    }
  });

  it("answers a kept result too big for the quick size bound, but within the budget, from the page's bytes", () => {
    // About 2 MB of JSON: six times that is over the budget, so the answer is measured; twice that fits.
    const result = bigRead(1000, 2000);
    const json = JSON.stringify(result);
    expect(6 * json.length).toBeGreaterThan(MESSAGE_BUDGET_BYTES);
    const mapped = toCallToolResult(keptResult(result, []), []);
    // Parsed only when something reads it: the answer is written from the bytes as they came.
    expect(Object.getOwnPropertyDescriptor(mapped, 'structuredContent')?.get).toBeTypeOf('function');
    expect(written(mapped)).toBe(written(toCallToolResult(result)));
    expect(answerMessageBytes(mapped)).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
  });

  it('fits a kept result over the message budget as any result: parsed, and its text cut', () => {
    const result = bigRead(1000, 5000);
    const mapped = toCallToolResult(keptResult(result, []), []);
    expect(answerMessageBytes(mapped)).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
    expect(Buffer.byteLength(JSON.stringify(mapped))).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
    expect(mapped.structuredContent).toMatchObject({ success: true, truncated: true });
    expect(written(mapped)).toBe(JSON.stringify(mapped));
  });

  it('marks a failure as an error and keeps its code', () => {
    const mapped = toCallToolResult(fail('unknown_command', 'no such command'));
    expect(mapped.isError).toBe(true);
    expect(mapped.structuredContent).toEqual({ success: false, error: 'no such command', code: 'unknown_command' });
    expect(JSON.parse((mapped.content[0] as { text: string }).text)).toEqual(mapped.structuredContent);
  });
});

describe('toMcpTool', () => {
  const byName = (name: string) => toMcpTool(BUILT_IN_TOOLS.find((tool) => tool.name === name)!);

  it('maps a read-only tool to readOnlyHint, never destructive, its title among the annotations (SPEC §7)', () => {
    const tool = byName('get_context');
    expect(tool.annotations).toEqual({ title: 'Get page context', readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    // Said once: a client shows annotations.title when there is no top-level title.
    expect(tool.title).toBeUndefined();
  });

  it('maps a consequential tool with untrusted output to destructive and open-world, the three raw hints also in _meta', () => {
    const tool = byName('execute_command');
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    expect(tool._meta?.[HINTS_META_KEY]).toEqual({ readOnlyHint: false, consequentialHint: true, untrustedContentHint: true });
    expect(tool.inputSchema.required).toEqual(['commandId']);
  });

  it('keeps in _meta the consequential hint of a read-only tool, which no annotation can say', () => {
    const tool = toMcpTool({
      name: 'fetch_secret',
      description: 'Read a secret',
      inputSchema: { type: 'object' },
      hints: { readOnlyHint: true, consequentialHint: true, untrustedContentHint: false }
    });
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool._meta?.[HINTS_META_KEY]).toEqual({ readOnlyHint: true, consequentialHint: true, untrustedContentHint: false });
  });

  it('does not flag a writing tool that is not consequential as destructive', () => {
    const tool = toMcpTool({
      name: 'add_cell',
      description: 'Add a cell',
      inputSchema: { type: 'object' },
      hints: { readOnlyHint: false, consequentialHint: false, untrustedContentHint: false },
      command: 'jupyterlab-ai-commands:add-cell'
    });
    expect(tool.annotations?.destructiveHint).toBe(false);
    expect(tool._meta?.[HINTS_META_KEY]).toEqual({
      readOnlyHint: false,
      consequentialHint: false,
      untrustedContentHint: false,
      command: 'jupyterlab-ai-commands:add-cell'
    });
  });
});

describe('the catalogue listed before a page connects', () => {
  it('has the built-in tools, then every default tool, with their default schemas', () => {
    expect(DEFAULT_CATALOGUE.map((tool) => tool.name)).toHaveLength(23);
    const runCell = DEFAULT_CATALOGUE.find((tool) => tool.name === 'run_cell')!;
    expect(runCell.inputSchema).toMatchObject({ required: ['notebookPath', 'cellId'], additionalProperties: false });
    // Listed without it: every tool refuses an argument its schema does not list, as the instructions say once.
    expect(toMcpTool(runCell).inputSchema).toEqual({
      type: 'object',
      properties: { notebookPath: { type: 'string' }, cellId: { type: 'string' } },
      required: ['notebookPath', 'cellId']
    });
    expect(toMcpTool(runCell).annotations).toMatchObject({ destructiveHint: true, openWorldHint: true });
    const addCell = DEFAULT_CATALOGUE.find((tool) => tool.name === 'add_cell')!;
    expect(toMcpTool(addCell).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it('explains why a page lacks a default tool and what to use instead', () => {
    // The bridge provides read_notebook itself: only the page's settings can remove it.
    expect(missingToolReason('read_notebook')).toMatch(/disabledTools or blockedCommands setting removes it/);
    expect(missingToolReason('open_document')).toMatch(/disabledTools or blockedCommands setting removes it/);
    expect(missingToolReason('open_document')).toMatch(/execute_command/);
  });
});

describe('fitListing', () => {
  const tool = (name: string, description: string) => ({ ...BUILT_IN_TOOLS[0]!, name, description });

  it('lists every page tool that still fits, in catalogue order, then the server tool; a big one does not push out the small ones after it', () => {
    const listing = fitListing([tool('a', 'a'), tool('big', 'x'.repeat(5000)), tool('b', 'b')], 4000);
    expect(listing.tools.map((t) => t.name)).toEqual(['a', 'b', 'select_page']);
    expect(listing).toMatchObject({ offered: 3, leftOut: ['big'] });
  });

  it('lists the default catalogue whole', () => {
    expect(fitListing(DEFAULT_CATALOGUE)).toMatchObject({ offered: 23, leftOut: [] });
  });
});

/** A read of `cells` cells of `chars` characters each. */
function bigRead(cells: number, chars: number): ToolResult {
  return succeed({ cells: Array.from({ length: cells }, (_, i) => ({ id: `c${i}`, source: `"é😀\\ ${'x'.repeat(chars)}` })) });
}

/** The result as the server keeps a big one from the page's frame (hub/raw-result.ts). */
function keptResult(result: ToolResult, images: AttachedImage[]) {
  const kept = rawResultMessage(Buffer.from(encodeResultMessage('c1', { resultJson: JSON.stringify(result), images })));
  if (!kept) throw new Error('not kept');
  return kept.answer.result;
}

/** An answer as the stdio transport writes it, without its envelope. */
function written(answer: object): string {
  const chunks: Buffer[] = [];
  for (const chunk of messageChunks({ result: answer }, 64 * 1024)) {
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8').slice('{"result":'.length, -1);
}
