/**
 * What the CLI's heap holds on to after big answers and many calls.
 *
 * A full garbage collection is asked for once a big answer has gone out. V8
 * keeps what a big read leaves (the page's frame and its text, the parsed
 * result, the answer's text) until its next full collection, and on the CLI's
 * small heap that comes only after many such reads: the process grew by all
 * of them (13 reads of a 1.9 MB result in a row: 74 MB above idle, where one
 * read takes 25). V8 runs the collection as a task of its own, after the
 * answer's turn of the event loop. Node has no call for it: `gc` is taken once
 * from a fresh context made while --expose-gc is set (the CLI's own context
 * never gets a global `gc`); where that fails, nothing is collected early.
 *
 * And the heap is kept from growing. V8 grows the young generation from 1 MB
 * to 8 or 16 MB as soon as allocation is brisk (a big read, a few thousand
 * small calls) and keeps it so (2 MB at most with the factor at 1, as
 * measured): that is 10 MB of a big read's peak and 27 MB after 3,000 small
 * calls, for about 0.07 ms more CPU a small call (more scavenges) and none
 * measurable on a big read. And V8, sized for speed, lets the rest of its heap
 * and its compiled code grow with a busy process and keeps what it took: the
 * CLI was 6 MB above its idle after 300 small calls and 10 MB after 2,000;
 * sized for memory (--optimize-for-size), 2-5 MB after 2,000, for no time a
 * call that could be measured (BENCHMARKS.md).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'async' }) => unknown;

let collect: Collect | null | undefined;
let pending: Promise<void> | undefined;

/**
 * Asks V8 for a full collection as a task of its own, unless one is pending;
 * resolves once it ran (at once where none can be asked for).
 */
export function collectGarbageSoon(): Promise<void> {
  collect ??= exposedGc();
  if (!collect) {
    return Promise.resolve();
  }
  pending ??= Promise.resolve(collect({ type: 'major', execution: 'async' })).then(() => {
    pending = undefined;
  });
  return pending;
}

function exposedGc(): Collect | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** Set once, as the server starts: V8 reads both flags each time it would grow its heap. */
export function keepHeapSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--optimize-for-size');
}
