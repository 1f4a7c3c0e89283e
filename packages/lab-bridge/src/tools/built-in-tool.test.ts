import { describe, expect, it } from 'vitest';
import { succeed } from '@jupyter-live-mcp/protocol';
import { defineBuiltInTool } from './built-in-tool.js';

describe('defineBuiltInTool', () => {
  const ran: unknown[] = [];
  const call = { tool: 'wait_for_result', markCell: () => () => {} };
  const waitForResult = defineBuiltInTool('wait_for_result', {
    run: async (args) => {
      ran.push(args);
      return succeed({});
    }
  });

  it("refuses arguments beyond its zod input's limits, naming the limit, and does not run", async () => {
    expect(await waitForResult.run({ pendingId: 'pending-1', seconds: 301 }, call)).toEqual({
      success: false,
      code: 'bad_input',
      error: 'wait_for_result: argument "seconds": Too big: expected number to be <=300.'
    });
    expect(await waitForResult.run({ pendingId: 'pending-1', seconds: -1 }, call)).toMatchObject({ code: 'bad_input' });
    expect(ran).toEqual([]);
  });

  it('runs with arguments within the limits', async () => {
    expect(await waitForResult.run({ pendingId: 'pending-1', seconds: 300 }, call)).toEqual({ success: true });
    expect(ran).toEqual([{ pendingId: 'pending-1', seconds: 300 }]);
  });
});
