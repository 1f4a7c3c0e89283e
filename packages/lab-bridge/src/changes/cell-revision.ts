/**
 * A cell's revision (SPEC §2.5): a short word that changes whenever the cell's
 * source changes, so an agent can say which text it edits (`ifRevision`) and
 * the bridge can tell that a cell changed since an agent saw it. A hash of the
 * source, not a counter, so it needs no bookkeeping and is the same for the
 * same text in every page. Pure.
 */

// Seven base-36 characters: a read gives one per cell, so they are kept short; two texts clash about once in 8·10^10.
const REVISION_SPACE = 36 ** 7;
/** The revision's last four characters' worth: below it, a number V8 writes fast (cellRevision). */
const LAST_FOUR = 36 ** 4;

/** The revision of a cell with this source (protocol's REVISION_PATTERN). */
export function cellRevision(source: string): string {
  // cyrb53: two 32-bit multiplicative hashes mixed into 53 bits (a JS number holds them exactly).
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const revision = (4294967296 * (2097151 & h2) + (h1 >>> 0)) % REVISION_SPACE;
  // Written in two parts: V8 writes a number outside its small integers (2^30 in Chromium, 2^31 in Node) in base 36
  // five times slower than two small ones. The second part is written past a leading 1, which keeps its zeros.
  const high = (revision / LAST_FOUR) | 0;
  return (high.toString(36) + (LAST_FOUR + revision - high * LAST_FOUR).toString(36).slice(1)).padStart(7, '0');
}
