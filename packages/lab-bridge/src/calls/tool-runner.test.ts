import { describe, expect, it } from 'vitest';
import { succeed } from '@jupyter-live-mcp/protocol';
import { runTool, type BridgeTool } from './tool-runner.js';

const ran: Record<string, unknown>[] = [];
const echo: BridgeTool = {
  descriptor: {
    name: 'echo',
    description: 'Echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    hints: { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false }
  },
  async run(args) {
    ran.push(args);
    if (args.text === 'throw') {
      throw new Error('boom');
    }
    return succeed({ text: args.text });
  }
};
const tools = new Map([['echo', echo]]);

describe('runTool', () => {
  it('runs a tool with checked arguments', async () => {
    expect(await runTool(tools, 'echo', { text: 'hi' })).toEqual({ success: true, text: 'hi' });
  });

  it('answers bad_input without running the tool', async () => {
    ran.length = 0;
    expect(await runTool(tools, 'echo', { txt: 'hi' })).toEqual({
      success: false,
      code: 'bad_input',
      error: 'echo: unknown argument "txt". Accepted arguments: text.'
    });
    expect(ran).toEqual([]);
  });

  it('answers unknown_tool with the tools there are', async () => {
    expect(await runTool(tools, 'nope', {})).toMatchObject({ success: false, code: 'unknown_tool', error: 'This page has no tool "nope". Its tools are: echo.' });
  });

  it('turns a throw into command_failed', async () => {
    expect(await runTool(tools, 'echo', { text: 'throw' })).toEqual({ success: false, code: 'command_failed', error: 'echo failed: boom' });
  });
});
