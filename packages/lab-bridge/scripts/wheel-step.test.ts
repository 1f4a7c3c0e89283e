import { describe, expect, it } from 'vitest';
import { wheelStep } from './wheel-step.js';

const python = '/usr/bin/python3';

describe('wheelStep', () => {
  it('builds whenever the modules are there, asked for or not', () => {
    expect(wheelStep(undefined, python, true)).toEqual({ kind: 'build' });
    expect(wheelStep('required', python, true)).toEqual({ kind: 'build' });
  });

  it('skips without the modules when nobody asked for the wheel, saying what is built and what it needs', () => {
    for (const unset of [undefined, '']) {
      expect(wheelStep(unset, python, false)).toEqual({
        kind: 'skip',
        message:
          "The bridge's wheel was not built: it needs /usr/bin/python3 with build and hatchling (scripts/system-deps installs python3-build and python3-hatchling); the labextension is built, and the server and lite need nothing more."
      });
    }
  });

  it('fails without the modules when the wheel is required', () => {
    const step = wheelStep('required', python, false);
    expect(step.kind).toBe('fail');
    expect(step).toMatchObject({ message: expect.stringContaining('JUPYTER_LIVE_MCP_WHEEL=required') });
    expect(step).toMatchObject({ message: expect.stringContaining('scripts/system-deps') });
  });

  it('fails on a value it does not know, modules or not, naming the values it takes', () => {
    for (const hasModules of [true, false]) {
      expect(wheelStep('yes', python, hasModules)).toEqual({
        kind: 'fail',
        message: 'JUPYTER_LIVE_MCP_WHEEL is "yes": set it to required (the build fails without the wheel) or leave it unset.'
      });
    }
  });
});
