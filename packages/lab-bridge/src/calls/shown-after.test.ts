import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownAfter } from './shown-after.js';

describe('shownAfter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows work that lasts, and takes the mark away when it ends', () => {
    const hide = vi.fn();
    const show = vi.fn(() => hide);
    const end = shownAfter(show, 100);
    vi.advanceTimersByTime(99);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
    end();
    expect(hide).toHaveBeenCalledOnce();
    end();
    expect(hide).toHaveBeenCalledOnce();
  });

  it('never shows work that ends sooner', () => {
    const show = vi.fn(() => () => {});
    shownAfter(show, 100)();
    vi.advanceTimersByTime(1000);
    expect(show).not.toHaveBeenCalled();
  });
});
