import { describe, expect, it } from 'vitest';
import { CliError } from './flags.js';
import { tokenCommand } from './token.js';

describe('the token command', () => {
  it('prints the token, rotates it, or prints the bearer key', () => {
    expect(tokenCommand.parse([])).toEqual({ rotate: false, bearer: false });
    expect(tokenCommand.parse(['--rotate'])).toEqual({ rotate: true, bearer: false });
    expect(tokenCommand.parse(['--bearer'])).toEqual({ rotate: false, bearer: true });
  });

  it('refuses --rotate with --bearer', () => {
    expect(() => tokenCommand.parse(['--rotate', '--bearer'])).toThrow(
      new CliError('token takes --rotate or --bearer, not both: rotate first, then print the new key with token --bearer.')
    );
  });
});
