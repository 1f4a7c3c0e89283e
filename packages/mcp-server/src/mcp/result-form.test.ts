import { describe, expect, it } from 'vitest';
import { resultFormFor } from './result-form.js';

describe('resultFormFor', () => {
  it('sends Claude Code structuredContent alone: it drops the text block when structuredContent is there', () => {
    expect(resultFormFor('claude-code')).toBe('structured');
  });

  it('sends both forms to every other client, and to one that gives no name', () => {
    for (const name of ['Visual Studio Code', 'cursor-vscode', 'claude-ai', 'Claude Code', 'claude-code-x', '', undefined]) {
      expect(resultFormFor(name), String(name)).toBe('both');
    }
  });
});
