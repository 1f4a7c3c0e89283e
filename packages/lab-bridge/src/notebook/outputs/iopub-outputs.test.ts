import { describe, expect, it } from 'vitest';
import { outputActionOf } from './iopub-outputs.js';

const message = (msg_type: string, content: Record<string, unknown>) => ({ header: { msg_type }, content });

describe('outputActionOf', () => {
  it('turns results, displays, streams and errors into nbformat outputs', () => {
    expect(outputActionOf(message('execute_result', { data: { 'text/plain': '42' }, metadata: {}, execution_count: 7 }))).toEqual({
      kind: 'add',
      output: { output_type: 'execute_result', data: { 'text/plain': '42' }, metadata: {}, execution_count: 7 }
    });
    expect(outputActionOf(message('stream', { name: 'stderr', text: 'warn' }))).toEqual({
      kind: 'add',
      output: { output_type: 'stream', name: 'stderr', text: 'warn' }
    });
    expect(outputActionOf(message('error', { ename: 'E', evalue: 'v', traceback: ['t'] }))).toEqual({
      kind: 'add',
      output: { output_type: 'error', ename: 'E', evalue: 'v', traceback: ['t'] }
    });
  });

  it('keeps the display id of a display, so a later update finds it', () => {
    const display = outputActionOf(message('display_data', { data: { 'text/plain': 'a' }, metadata: {}, transient: { display_id: 'd1' } }));
    expect(display).toEqual({
      kind: 'add',
      output: { output_type: 'display_data', data: { 'text/plain': 'a' }, metadata: {} },
      displayId: 'd1'
    });
    expect(
      outputActionOf(message('update_display_data', { data: { 'text/plain': 'b' }, metadata: {}, transient: { display_id: 'd1' } }))
    ).toEqual({
      kind: 'update',
      output: { output_type: 'display_data', data: { 'text/plain': 'b' }, metadata: {} },
      displayId: 'd1'
    });
    expect(outputActionOf(message('update_display_data', { data: {}, metadata: {} }))).toBeUndefined();
  });

  it('fills what a message leaves out with what nbformat expects, and ignores a display id that is no text', () => {
    expect(outputActionOf(message('stream', {}))).toEqual({ kind: 'add', output: { output_type: 'stream', name: 'stdout', text: '' } });
    expect(outputActionOf(message('error', { traceback: 'not a list' }))).toEqual({
      kind: 'add',
      output: { output_type: 'error', ename: '', evalue: '', traceback: [] }
    });
    expect(outputActionOf(message('execute_result', { data: 'text', metadata: null }))).toEqual({
      kind: 'add',
      output: { output_type: 'execute_result', data: {}, metadata: {}, execution_count: null }
    });
    expect(outputActionOf(message('display_data', { data: {}, metadata: {}, transient: { display_id: 5 } }))).toStrictEqual({
      kind: 'add',
      output: { output_type: 'display_data', data: {}, metadata: {} }
    });
    expect(outputActionOf(message('update_display_data', { data: {}, metadata: {}, transient: { display_id: 5 } }))).toBeUndefined();
  });

  it('clears now or at the next output, and ignores status and input echoes', () => {
    expect(outputActionOf(message('clear_output', { wait: true }))).toEqual({ kind: 'clear', wait: true });
    expect(outputActionOf(message('clear_output', {}))).toEqual({ kind: 'clear', wait: false });
    expect(outputActionOf(message('status', { execution_state: 'busy' }))).toBeUndefined();
    expect(outputActionOf(message('execute_input', { code: '1' }))).toBeUndefined();
  });
});
