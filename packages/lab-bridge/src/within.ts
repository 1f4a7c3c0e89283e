/**
 * A promise raced against a timer that is cleared as soon as the race ends,
 * so a quick answer leaves no timer behind.
 */

/** The promise's value, or undefined if it takes longer than `ms`; a rejection passes through. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
