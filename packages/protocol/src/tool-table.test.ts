import { describe, expect, it } from 'vitest';
import { BUILT_IN_INPUTS, BUILT_IN_TOOLS, builtInDescriptor, builtInTool, type BuiltInTool } from './tool-table.js';

/** The schemas the built-in tools listed when they were written by hand: derived from zod, they stay these. */
const LISTED = {
  get_context: { type: 'object', properties: {}, additionalProperties: false },
  list_all_commands: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'E.g. "run cell".' },
      limit: {
        type: 'integer',
        minimum: 1,
        description: 'Default 50; commandCount counts all matches.'
      }
    },
    additionalProperties: false
  },
  execute_command: {
    type: 'object',
    properties: {
      commandId: { type: 'string', description: 'E.g. "notebook:run-cell".' },
      args: { type: 'object' }
    },
    required: ['commandId'],
    additionalProperties: false
  },
  answer_dialog: {
    type: 'object',
    properties: {
      button: { type: ['string', 'integer'], description: 'Its label (e.g. "Rename") or index.' },
      dialogId: { type: 'string', description: 'Default: the one in front.' },
      value: { type: 'string' }
    },
    required: ['button'],
    additionalProperties: false
  },
  wait_for_result: {
    type: 'object',
    properties: {
      pendingId: { type: 'string' },
      seconds: {
        type: 'number',
        minimum: 0,
        maximum: 300,
        description: "Default: the page's pendingAfterSeconds."
      }
    },
    required: ['pendingId'],
    additionalProperties: false
  }
};

describe('built-in tool inputs', () => {
  it('are defined for each built-in tool, and list the schemas they always listed', () => {
    expect(Object.keys(BUILT_IN_INPUTS)).toEqual(BUILT_IN_TOOLS.map((tool) => tool.name));
    expect(Object.fromEntries(BUILT_IN_TOOLS.map((tool) => [tool.name, tool.inputSchema]))).toEqual(LISTED);
  });
});

describe('built-in tools', () => {
  it('are found by name, each with how a call of it is treated', () => {
    expect(builtInTool('wait_for_result')).toMatchObject({ name: 'wait_for_result', neverPending: true });
    expect(builtInTool('get_context')).toMatchObject({ name: 'get_context', reportsPages: true, neverPending: true });
    expect(builtInTool('execute_command')).toMatchObject({ name: 'execute_command' });
    expect(builtInTool('execute_command')).not.toHaveProperty('neverPending');
    expect(builtInTool('run_cell')).toBeUndefined();
    expect(builtInTool('toString')).toBeUndefined();
  });

  it('are published without the behaviour flags, which stay off the wire', () => {
    for (const tool of BUILT_IN_TOOLS) {
      const descriptor = builtInDescriptor(tool);
      expect(descriptor).not.toHaveProperty('neverPending');
      expect(descriptor).not.toHaveProperty('reportsPages');
      const { neverPending: _a, reportsPages: _r, ...rest } = tool as BuiltInTool;
      expect(descriptor).toEqual(rest);
    }
  });
});
