import { describe, expect, it } from 'vitest';
import { resultOfCommand } from './command-result.js';

describe('resultOfCommand', () => {
  it('wraps a plain value as result', () => {
    expect(resultOfCommand('x', 42)).toEqual({ success: true, result: 42 });
    expect(resultOfCommand('x', [1])).toEqual({ success: true, result: [1] });
  });

  it('answers success without result when the command returned nothing', () => {
    expect(resultOfCommand('x', undefined)).toEqual({ success: true });
  });

  it("passes through a command's own success object instead of wrapping it twice", () => {
    expect(resultOfCommand('x', { success: true, cellId: 'c1' })).toEqual({ success: true, cellId: 'c1' });
  });

  it('builds an error and a code for a failure that has neither', () => {
    expect(resultOfCommand('ai:run-cell', { success: false, message: 'Cell not found', errorName: 'KeyError' })).toEqual({
      success: false,
      message: 'Cell not found',
      errorName: 'KeyError',
      error: 'Cell not found: KeyError',
      code: 'command_failed'
    });
    expect(resultOfCommand('ai:run-cell', { success: false })).toEqual({
      success: false,
      error: 'The command "ai:run-cell" reported a failure without saying why.',
      code: 'command_failed'
    });
  });

  it("keeps a failure's own error text", () => {
    expect(resultOfCommand('x', { success: false, error: 'File missing' })).toMatchObject({
      error: 'File missing',
      code: 'command_failed'
    });
  });
});
