import { describe, expect, it } from 'vitest';
import { needsConfirmation } from './confirm-policy.js';
import { statusText, statusTitle } from './status-text.js';

describe('statusText', () => {
  const base = { connectedUrls: () => ['ws://127.0.0.1:8767'], calls: 0, inPageCalls: 0, paused: false, disconnected: false };

  it('says where the page is connected, how many calls and the last tool', () => {
    expect(statusText(base)).toBe('Agent: 127.0.0.1:8767 · 0 calls');
    expect(statusText({ ...base, calls: 1, lastTool: 'run_cell' })).toBe('Agent: 127.0.0.1:8767 · 1 call, last run_cell');
    expect(statusText({ ...base, connectedUrls: () => ['ws://a', 'ws://b'], calls: 3 })).toBe('Agent: 2 servers · 3 calls');
  });

  it('names the tool and notebook of the latest call working on one, and how many others', () => {
    const run = { tool: 'run_cell', notebookPath: 'work/analysis.ipynb' };
    expect(statusText({ ...base, calls: 4, lastTool: 'run_cell', working: [run] })).toBe('Agent: run_cell · analysis.ipynb');
    const edit = { tool: 'edit_cell', notebookPath: 'b.ipynb' };
    expect(statusText({ ...base, working: [run, edit] })).toBe('Agent: edit_cell · b.ipynb (+1 more)');
    expect(statusText({ ...base, working: [] })).toBe('Agent: 127.0.0.1:8767 · 0 calls');
    expect(statusText({ ...base, paused: true, working: [run] })).toBe('Agent (paused): run_cell · analysis.ipynb');
    expect(statusText({ ...base, disconnected: true, working: [run] })).toBe('Agent (disconnected): run_cell · analysis.ipynb');
  });

  it('counts the in-page (WebMCP) calls, which need no server', () => {
    expect(statusText({ ...base, calls: 3, inPageCalls: 1, lastTool: 'get_context' })).toBe(
      'Agent: 127.0.0.1:8767 · 3 calls (1 in-page), last get_context'
    );
    expect(statusText({ ...base, connectedUrls: () => [], calls: 2, inPageCalls: 2 })).toBe('Agent: not connected · 2 calls (2 in-page)');
  });

  it('says in every state how many WebMCP names another script took, and the tooltip names them', () => {
    const taken = { ...base, calls: 2, lastTool: 'get_context', takenNames: ['execute_code', 'get_context'] };
    expect(statusText(taken)).toBe('Agent: 127.0.0.1:8767 · 2 calls, last get_context · 2 in-page tool names taken');
    expect(statusText({ ...taken, disconnected: true, takenNames: ['get_context'] })).toBe(
      'Agent: disconnected · 1 in-page tool name taken'
    );
    expect(statusTitle(taken)).toMatch(
      /^Agent bridge .*disconnect\.\nexecute_code, get_context: another script of this page registered these names .* reaches that script, not the bridge\.$/
    );
    expect(statusTitle(base)).toBe("Agent bridge (jupyter-live-mcp): click to see the agent's changes, pause agent control or disconnect");
  });

  it('says when it is paused, not connected or disconnected', () => {
    expect(statusText({ ...base, paused: true })).toBe('Agent (paused): 127.0.0.1:8767 · 0 calls');
    expect(statusText({ ...base, connectedUrls: () => [] })).toBe('Agent: not connected');
    expect(statusText({ ...base, disconnected: true })).toBe('Agent: disconnected');
  });
});

describe('needsConfirmation', () => {
  const consequential = { readOnlyHint: false, consequentialHint: true, untrustedContentHint: false };
  const reading = { readOnlyHint: true, consequentialHint: false, untrustedContentHint: false };

  it('asks for nothing, for consequential calls, or for all, as the confirm setting says', () => {
    expect(needsConfirmation('none', consequential)).toBe(false);
    expect(needsConfirmation('consequential', consequential)).toBe(true);
    expect(needsConfirmation('consequential', reading)).toBe(false);
    expect(needsConfirmation('all', reading)).toBe(true);
  });

  it('always asks for a tool that needs approval, whatever the setting says', () => {
    expect(needsConfirmation('none', reading, true)).toBe(true);
    expect(needsConfirmation('consequential', reading, true)).toBe(true);
  });
});
