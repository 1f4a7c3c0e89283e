/**
 * A refresh that is skipped when one finished within `freshMs` (unless the
 * caller knows the last one is out of date: `stale`), and shared while one is in
 * flight: back-to-back callers pay for one round trip, not one each. Pure apart
 * from the clock it is given.
 */
export function recentRefresh(
  refresh: () => Promise<void>,
  freshMs: number,
  now: () => number = () => performance.now()
): (stale?: boolean) => Promise<void> {
  let finishedAt = -Infinity;
  let inFlight: Promise<void> | undefined;
  return (stale = false) => {
    if (!stale && now() - finishedAt < freshMs) {
      return Promise.resolve();
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
