/**
 * A refresh that is skipped when one finished within `freshMs` (unless the
 * caller knows the last one is out of date: `stale`), and shared while one is in
 * flight: back-to-back callers pay for one round trip, not one each. A skipped
 * refresh returns undefined, so the caller sets no timer to wait for it. Pure
 * apart from the clock it is given.
 */
export function recentRefresh(
  refresh: () => Promise<void>,
  freshMs: number,
  now: () => number = () => performance.now()
): (stale?: boolean) => Promise<void> | undefined {
  let finishedAt = -Infinity;
  let inFlight: Promise<void> | undefined;
  return (stale = false) => {
    if (!stale && now() - finishedAt < freshMs) {
      return undefined;
    }
    inFlight ??= refresh()
      .catch(() => undefined)
      .finally(() => {
        finishedAt = now();
        inFlight = undefined;
      });
    return inFlight;
  };
}
