import { describe, expect, it } from 'vitest';
import { withoutEchoes } from './notebook-tool.js';

describe('withoutEchoes', () => {
  it('leaves out the fields the agent sent with the same value, and keeps what the tool resolved or found', () => {
    const args = { notebookPath: 'a.ipynb', cellId: 'c1', outputIndex: 0, force: true, cellIds: ['c1'] };
    const result = {
      success: true as const,
      notebookPath: 'a.ipynb',
      cellId: 'c1',
      outputIndex: 0,
      index: 3,
      cellIds: ['c1'],
      kernelId: 'k'
    };
    expect(withoutEchoes(result, args)).toEqual({ success: true, index: 3, cellIds: ['c1'], kernelId: 'k' });
    expect(withoutEchoes({ success: true, notebookPath: 'sub/a.ipynb' }, { notebookPath: './sub/a.ipynb' })).toEqual({
      success: true,
      notebookPath: 'sub/a.ipynb'
    });
  });

  it("never leaves out a failure's code and error, whatever the agent sent", () => {
    const failure = { success: false as const, code: 'not_found' as const, error: 'gone', cellId: 'c1' };
    expect(withoutEchoes(failure, { code: 'not_found', error: 'gone', success: false, cellId: 'c1' })).toEqual({
      success: false,
      code: 'not_found',
      error: 'gone'
    });
  });
});
