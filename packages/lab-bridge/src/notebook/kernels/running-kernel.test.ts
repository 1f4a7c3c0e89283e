import type { Kernel } from '@jupyterlab/services';
import { describe, expect, it, vi } from 'vitest';
import { CommandFailure } from '../commands/command-failure.js';
import { runningKernel } from './running-kernel.js';

const model = (id: string) => ({ id, name: 'python3' }) as Kernel.IModel;

/** A kernel manager that lists `before` until refreshed, then `after`. */
function manager(before: Kernel.IModel[], after: Kernel.IModel[] = before) {
  let listed = before;
  const refreshRunning = vi.fn(async () => {
    listed = after;
  });
  return { running: () => listed[Symbol.iterator](), refreshRunning };
}

describe('runningKernel', () => {
  it('finds a listed kernel without refreshing the list', async () => {
    const kernels = manager([model('a'), model('b')]);
    expect(await runningKernel(kernels, 'interrupt_kernel', 'b')).toEqual(model('b'));
    expect(kernels.refreshRunning).not.toHaveBeenCalled();
  });

  it('refreshes the list for a kernel started since it was read', async () => {
    const kernels = manager([model('a')], [model('a'), model('new')]);
    expect(await runningKernel(kernels, 'execute_code', 'new')).toEqual(model('new'));
  });

  it('answers not_found naming the tool and get_context for an id no kernel has', async () => {
    const failure = await runningKernel(manager([model('a')]), 'restart_kernel', 'gone').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CommandFailure);
    expect(failure).toMatchObject({
      code: 'not_found',
      message: 'restart_kernel: no running kernel has the id "gone". get_context lists the running kernels.'
    });
  });
});
