import { CATALOGUE_LIMITS, catalogueSize } from '@jupyter-live-mcp/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE, HINTS_META_KEY, fitListing, toMcpTool } from './tool-listing.js';

describe('the default catalogue an agent reads at every session start', () => {
  const tools = fitListing(DEFAULT_CATALOGUE).tools.map(toMcpTool);

  it('keeps every description under the 2 KB Claude Code cuts at', () => {
    for (const tool of tools) {
      expect(tool.description?.length ?? 0, tool.name).toBeLessThan(CATALOGUE_LIMITS.descriptionChars);
    }
  });

  it('keeps for every tool what SPEC §7 lists: the title, the three hints as annotations and raw in _meta', () => {
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toEqual({
        title: expect.any(String),
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean)
      });
      expect(tool._meta?.[HINTS_META_KEY], tool.name).toMatchObject({
        readOnlyHint: tool.annotations?.readOnlyHint,
        consequentialHint: expect.any(Boolean),
        untrustedContentHint: tool.annotations?.openWorldHint
      });
    }
  });

  it(`takes at most ${CATALOGUE_LIMITS.listChars} characters, every tool listed`, () => {
    const size = catalogueSize(tools);
    expect(size.tools).toBe(DEFAULT_CATALOGUE.length + 1);
    expect(size.chars).toBeLessThanOrEqual(CATALOGUE_LIMITS.listChars);
  });
});
