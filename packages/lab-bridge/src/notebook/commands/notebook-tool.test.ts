import { describe, expect, it } from 'vitest';
import { hasCutOutput } from '@jupyter-live-mcp/protocol';
import { condenseOutputs } from '../outputs/condensed-outputs.js';
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

describe('hasCutOutput', () => {
  it("finds each of the compact view's cuts, in a cell's outputs or a run's traceback, and none in sources", () => {
    const [stream, table] = condenseOutputs([
      { output_type: 'stream', name: 'stdout', text: Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') },
      { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': 'x'.repeat(600) } }
    ]);
    expect(hasCutOutput({ cells: [{ id: 'a', outputs: [stream] }] })).toBe(true);
    expect(hasCutOutput({ outputs: [table] })).toBe(true);
    expect(hasCutOutput({ traceback: '[… 3 earlier frames left out …]\nframe 3' })).toBe(true);
    expect(hasCutOutput({ cells: [{ id: 'a', source: 'print("[… 3 lines left out …]")', outputs: [{ text: '42' }] }] })).toBe(false);
    expect(hasCutOutput({ success: true, cellCount: 2 })).toBe(false);
  });
});
