import { describe, expect, it } from 'vitest';
import {
  closedConnectionOutcome,
  executionResult,
  lostOutcome,
  outcomeOfReply,
  wasInterrupted,
  type ExecutionOutcome
} from './execution-outcome.js';

const colour = (text: string) => `\u001b[0;31m${text}\u001b[0m`;
const errorOutput = {
  output_type: 'error',
  ename: 'NameError',
  evalue: "name 'x' is not defined",
  traceback: [colour('Traceback (most recent call last)'), colour('NameError')]
};
const subject = {
  tool: 'run_cell',
  what: 'the cell',
  onError: 'Fix it (edit_cell) and run it again.',
  fields: { notebookPath: 'a.ipynb', cellId: 'c1' }
};

describe('outcomeOfReply', () => {
  it('is ok, with the execution count, for an ok reply', () => {
    expect(outcomeOfReply({ status: 'ok', execution_count: 3 }, [])).toEqual({ status: 'ok', executionCount: 3, outputs: [] });
  });

  it('is an error with name, value and traceback, from the reply or else from an error output', () => {
    expect(
      outcomeOfReply({ status: 'error', execution_count: 4, ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: ['t'] }, [])
    ).toMatchObject({
      status: 'error',
      ename: 'ZeroDivisionError',
      evalue: 'division by zero',
      traceback: ['t']
    });
    expect(outcomeOfReply({ status: 'ok', execution_count: 5 }, [errorOutput])).toMatchObject({
      status: 'error',
      ename: 'NameError',
      executionCount: 5
    });
  });

  it('takes what the reply lacks from the error output, and names an error neither names "Error"', () => {
    expect(outcomeOfReply({ status: 'error', execution_count: 6 }, [errorOutput])).toEqual({
      status: 'error',
      executionCount: 6,
      outputs: [errorOutput],
      ename: 'NameError',
      evalue: "name 'x' is not defined",
      traceback: errorOutput.traceback
    });
    expect(outcomeOfReply({ status: 'error' }, [])).toEqual({
      status: 'error',
      executionCount: null,
      outputs: [],
      ename: 'Error',
      evalue: '',
      traceback: []
    });
  });

  it('is a request for input when the kernel refused input() (no stdin allowed)', () => {
    expect(outcomeOfReply({ status: 'error', ename: 'StdinNotImplementedError', evalue: 'raw_input was called' }, [])).toEqual({
      status: 'input',
      outputs: []
    });
  });

  it('is aborted for an aborted request, and for one whose future was cancelled', () => {
    expect(outcomeOfReply({ status: 'abort' }, [])).toEqual({
      status: 'aborted',
      outputs: [],
      reason: 'the kernel aborted it (an earlier execution in its queue failed)',
      byKernel: true
    });
    expect(lostOutcome(new Error('Canceled future for execute_request message before replies were done'), [])).toMatchObject({
      status: 'aborted',
      reason: expect.stringContaining('restarted or died')
    });
  });

  it("says, of a run lost, the kernel's status then and whether the page's connection to it closed", () => {
    const lost = new Error('Canceled future for execute_request message before replies were done');
    expect(lostOutcome(lost, [], { status: 'restarting', isDisposed: false })).toMatchObject({
      reason:
        'the kernel stopped answering it (Canceled future for execute_request message before replies were done; the kernel is now restarting): it restarted or died'
    });
    expect(lostOutcome(new Error('gone'), [])).toEqual({
      status: 'aborted',
      outputs: [],
      reason: 'the kernel stopped answering it (gone): it restarted or died'
    });
    expect(lostOutcome('gone', [], { status: 'idle', isDisposed: false })).toMatchObject({
      reason: 'the kernel stopped answering it (gone; the kernel is now idle): it restarted or died'
    });
    expect(lostOutcome(lost, [], { status: 'dead', isDisposed: true })).toMatchObject({
      reason: expect.stringContaining("; the kernel is now dead and the page's connection to it is closed): ")
    });
  });
});

describe('closedConnectionOutcome', () => {
  it('says whether the code was sent before the connection closed, and that a reload reconnects', () => {
    expect(closedConnectionOutcome(false, [])).toEqual({
      status: 'aborted',
      outputs: [],
      reason:
        "the page's connection to the kernel is closed and does not reopen by itself, so the code was not sent (reloading the page reconnects)"
    });
    expect(closedConnectionOutcome(true, [])).toMatchObject({
      reason:
        "the page's connection to the kernel closed during the run and does not reopen by itself, so whether the code ran to its end is unknown (reloading the page reconnects)"
    });
  });
});

describe('wasInterrupted', () => {
  it("is an interrupt's exception (Python's, JupyterLite's) only, not another exception or a run that did not end", () => {
    const raised = (ename: string) => outcomeOfReply({ status: 'error', execution_count: 1, ename, evalue: '', traceback: [] }, []);
    expect(wasInterrupted(raised('KeyboardInterrupt'))).toBe(true);
    expect(wasInterrupted(raised('Kernel Interrupt'))).toBe(true);
    expect(wasInterrupted(raised('NameError'))).toBe(false);
    expect(wasInterrupted(lostOutcome(new Error('Canceled future'), []))).toBe(false);
    expect(wasInterrupted(raised('InterruptException'))).toBe(true);
    expect(wasInterrupted({ status: 'input', outputs: [] })).toBe(false);
  });
});

describe('executionResult', () => {
  it('answers an ok run with its outputs, condensed as a read gives them, or whole for code in no cell', () => {
    const outputs = [
      { output_type: 'stream', name: 'stdout', text: ['4', '2\n'] },
      { output_type: 'stream', name: 'stdout', text: 'again\n' }
    ];
    expect(executionResult(subject, { status: 'ok', executionCount: 1, outputs })).toEqual({
      success: true,
      status: 'ok',
      notebookPath: 'a.ipynb',
      cellId: 'c1',
      executionCount: 1,
      outputs: [{ stdout: '42\nagain\n' }]
    });
    expect(executionResult({ ...subject, wholeOutputs: true }, { status: 'ok', executionCount: 1, outputs })).toMatchObject({
      outputs: [
        { output_type: 'stream', name: 'stdout', text: '42\n' },
        { output_type: 'stream', name: 'stdout', text: 'again\n' }
      ]
    });
  });

  it("answers an exception as the cell's outcome: cell_error, the traceback once and without colours", () => {
    const result = executionResult(subject, {
      status: 'error',
      executionCount: 2,
      outputs: [{ output_type: 'stream', name: 'stdout', text: 'before\n' }, errorOutput],
      ename: 'NameError',
      evalue: "name 'x' is not defined",
      traceback: errorOutput.traceback
    });
    expect(result).toEqual({
      success: false,
      code: 'cell_error',
      error: `run_cell: the cell raised an exception (ename, evalue, traceback). That is the code's outcome, not a failure of the call. Fix it (edit_cell) and run it again.`,
      status: 'error',
      notebookPath: 'a.ipynb',
      cellId: 'c1',
      executionCount: 2,
      ename: 'NameError',
      evalue: "name 'x' is not defined",
      traceback: 'Traceback (most recent call last)\nNameError',
      outputs: [{ stdout: 'before\n' }]
    });
    expect(JSON.stringify(result).match(/Traceback/g)).toHaveLength(1);
  });

  it('leaves out what is absent: no outputs when there are none, no execution count when the run got none', () => {
    const result = executionResult(subject, { status: 'ok', executionCount: 4, outputs: [] });
    expect(result).toEqual({ success: true, status: 'ok', notebookPath: 'a.ipynb', cellId: 'c1', executionCount: 4 });
    const aborted = executionResult(subject, { status: 'aborted', outputs: [], reason: 'the kernel aborted it' });
    expect(aborted).not.toHaveProperty('outputs');
    expect(aborted).not.toHaveProperty('executionCount');
    const noCount = executionResult(subject, { status: 'ok', executionCount: null, outputs: [] });
    expect(noCount).not.toHaveProperty('executionCount');
  });

  it('keeps the last frames of a long traceback, and all of them for code in no cell', () => {
    const frames = Array.from({ length: 8 }, (_, i) => `frame ${i}`);
    const outcome: ExecutionOutcome = {
      status: 'error',
      executionCount: 3,
      outputs: [],
      ename: 'E',
      evalue: 'v',
      traceback: [...frames, 'E: v']
    };
    expect(executionResult(subject, outcome)).toMatchObject({
      traceback: ['[… 3 earlier frames left out …]', 'frame 3', 'frame 4', 'frame 5', 'frame 6', 'frame 7'].join('\n')
    });
    expect(executionResult({ ...subject, wholeOutputs: true }, outcome)).toMatchObject({
      traceback: [...frames, 'E: v'].join('\n')
    });
  });

  it('says why input() stopped the run, and what to do instead', () => {
    expect(executionResult(subject, { status: 'input', outputs: [], prompt: 'Name: ' })).toMatchObject({
      success: false,
      code: 'kernel_input',
      error: expect.stringMatching(
        /^run_cell: the cell asked for input \(prompt "Name: "\), which an agent cannot type, so the run was stopped\. Put the value in the code/
      )
    });
  });

  it('says input() stopped the run without a prompt when the kernel gave none, as an error', () => {
    expect(executionResult(subject, { status: 'input', outputs: [] })).toMatchObject({
      success: false,
      code: 'kernel_input',
      status: 'error',
      error: expect.stringMatching(/^run_cell: the cell asked for input, which an agent cannot type/)
    });
  });

  it('says a run the kernel did not finish was aborted', () => {
    expect(executionResult(subject, { status: 'aborted', outputs: [], reason: 'the kernel aborted it' })).toMatchObject({
      success: false,
      code: 'execution_aborted',
      status: 'aborted',
      error: expect.stringContaining('did not run to its end: the kernel aborted it')
    });
  });

  it('says a cell deleted while it ran is not found any more, and that its code may still run', () => {
    expect(executionResult(subject, { status: 'deleted', outputs: [] })).toMatchObject({
      success: false,
      code: 'not_found',
      status: 'aborted',
      error: expect.stringMatching(/was deleted while it ran, so its outputs are gone\. .*interrupt_kernel stops it/)
    });
  });

  it("carries an outcome's warning, on a success and on the code's own error alike", () => {
    const warning = 'outputs may be missing';
    expect(executionResult(subject, { status: 'ok', executionCount: 1, outputs: [], warning })).toMatchObject({ success: true, warning });
    const error = { status: 'error' as const, executionCount: 2, outputs: [], ename: 'NameError', evalue: '', traceback: [], warning };
    expect(executionResult(subject, error)).toMatchObject({ success: false, code: 'cell_error', warning });
    expect(executionResult(subject, { status: 'ok', executionCount: 1, outputs: [] })).not.toHaveProperty('warning');
  });
});
