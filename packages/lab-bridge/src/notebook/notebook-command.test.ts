import { describe, expect, it } from 'vitest';
import { NOTEBOOK_COMMAND_INPUTS } from '@jupyter-live-mcp/protocol';
import { describeIssue } from './notebook-command.js';

const issue = (key: keyof typeof NOTEBOOK_COMMAND_INPUTS, args: Record<string, unknown>) => {
  const parsed = NOTEBOOK_COMMAND_INPUTS[key].safeParse(args);
  if (parsed.success) throw new Error('expected a failure');
  return describeIssue('add_cell', Object.keys(NOTEBOOK_COMMAND_INPUTS[key].shape), args, parsed.error);
};

describe('describeIssue', () => {
  it('names an unknown argument and the accepted ones', () => {
    expect(issue('addCell', { notebookPath: 'a.ipynb', background: true })).toBe(
      'add_cell: unknown argument "background". Accepted arguments: notebookPath, content, cellType, position, referenceCellId.'
    );
  });

  it('names a missing required argument', () => {
    expect(issue('addCell', {})).toBe(
      'add_cell: missing required argument "notebookPath". Accepted arguments: notebookPath, content, cellType, position, referenceCellId.'
    );
  });

  it('says what a value should be', () => {
    expect(issue('addCell', { notebookPath: 'a.ipynb', cellType: 'sql' })).toMatch(
      /^add_cell: argument "cellType": .*"code"\|"markdown"\|"raw"/
    );
  });
});
