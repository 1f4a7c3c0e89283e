import { describe, expect, it } from 'vitest';
import { catalogueSize } from './catalogue-size.js';

describe('catalogueSize', () => {
  it('counts the tools, the characters of {"tools": [...]} as JSON, and names the tool of the largest description', () => {
    const tools = [{ name: 'a', description: 'xx' }, { name: 'b', description: 'xxxx' }, { name: 'c' }, { name: 'd', description: 'yyyy' }];
    expect(catalogueSize(tools)).toEqual({
      tools: 4,
      chars: JSON.stringify({ tools }).length,
      // The first of two as long is named.
      largestDescription: { tool: 'b', chars: 4 }
    });
    expect(catalogueSize(tools).chars).toBe(
      '{"tools":[{"name":"a","description":"xx"},{"name":"b","description":"xxxx"},{"name":"c"},{"name":"d","description":"yyyy"}]}'.length
    );
  });

  it('names no tool when no tool has a description, and counts an empty catalogue', () => {
    expect(catalogueSize([{ name: 'a' }, { name: 'b', description: '' }])).toMatchObject({
      tools: 2,
      largestDescription: { tool: '', chars: 0 }
    });
    expect(catalogueSize([])).toEqual({ tools: 0, chars: '{"tools":[]}'.length, largestDescription: { tool: '', chars: 0 } });
  });
});
