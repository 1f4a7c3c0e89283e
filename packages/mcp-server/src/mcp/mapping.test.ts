import { describe, expect, it } from 'vitest';
import { BUILT_IN_TOOLS, fail, succeed } from '@jupyter-live-mcp/protocol';
import { toCallToolResult } from './result-mapping.js';
import { HINTS_META_KEY, toMcpTool } from './tool-listing.js';

describe('toCallToolResult', () => {
  it('gives a success as compact JSON text and structured content', () => {
    const result = succeed({ app: { name: 'JupyterLab', version: '4.6.4' } });
    expect(toCallToolResult(result)).toEqual({
      content: [{ type: 'text', text: '{"app":{"name":"JupyterLab","version":"4.6.4"},"success":true}' }],
      structuredContent: result,
      isError: false
    });
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

  it('maps a read-only tool to readOnlyHint and never destructive', () => {
    expect(byName('get_context').annotations).toEqual({ title: 'Get page context', readOnlyHint: true, destructiveHint: false, openWorldHint: false });
  });

  it('maps a consequential tool with untrusted output to destructive and open-world, raw hints in _meta', () => {
    const tool = byName('execute_command');
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    expect(tool._meta?.[HINTS_META_KEY]).toEqual({ readOnlyHint: false, consequentialHint: true, untrustedContentHint: true });
    expect(tool.inputSchema.required).toEqual(['commandId']);
  });

  it('does not flag a writing tool that is not consequential as destructive', () => {
    const tool = toMcpTool({
      name: 'add_cell',
      description: 'Add a cell',
      inputSchema: { type: 'object' },
      hints: { readOnly: false, consequential: false, untrustedContent: false },
      command: 'jupyterlab-ai-commands:add-cell'
    });
    expect(tool.annotations?.destructiveHint).toBe(false);
    expect(tool._meta?.[HINTS_META_KEY]).toMatchObject({ command: 'jupyterlab-ai-commands:add-cell' });
  });
});
