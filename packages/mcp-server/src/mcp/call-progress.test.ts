import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { PROGRESS_INTERVAL_MS, reportProgress, runningInPage } from './call-progress.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('reportProgress', () => {
  it("counts up under the client's token every interval until stopped", () => {
    vi.useFakeTimers();
    const sent: ServerNotification[] = [];
    const progress = reportProgress('t1', runningInPage('run_cell'), async (notification) => void sent.push(notification));
    vi.advanceTimersByTime(2 * PROGRESS_INTERVAL_MS);
    expect(sent).toEqual([
      {
        method: 'notifications/progress',
        params: { progressToken: 't1', progress: 1, message: 'run_cell is still running in the page (2 s)' }
      },
      {
        method: 'notifications/progress',
        params: { progressToken: 't1', progress: 2, message: 'run_cell is still running in the page (4 s)' }
      }
    ]);
    progress.stop();
    vi.advanceTimersByTime(2 * PROGRESS_INTERVAL_MS);
    expect(sent).toHaveLength(2);
  });

  it('keeps counting up when the call moves on to another wait, saying what it waits for now', () => {
    vi.useFakeTimers();
    const sent: ServerNotification[] = [];
    const progress = reportProgress(
      't2',
      (seconds) => `waiting for the page (${seconds} s)`,
      async (notification) => void sent.push(notification)
    );
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    progress.say(runningInPage('get_context'));
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    progress.stop();
    expect(sent.map((notification) => notification.params)).toEqual([
      { progressToken: 't2', progress: 1, message: 'waiting for the page (2 s)' },
      { progressToken: 't2', progress: 2, message: 'get_context is still running in the page (4 s)' }
    ]);
  });

  it('sends nothing to a client that sent no token, and stops when a notification cannot be sent', async () => {
    vi.useFakeTimers();
    const silent = vi.fn(async () => {});
    reportProgress(undefined, runningInPage('run_cell'), silent);
    vi.advanceTimersByTime(3 * PROGRESS_INTERVAL_MS);
    expect(silent).not.toHaveBeenCalled();
    const failing = vi.fn(() => Promise.reject(new Error('closed')));
    reportProgress(7, runningInPage('run_cell'), failing);
    await vi.advanceTimersByTimeAsync(3 * PROGRESS_INTERVAL_MS);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
