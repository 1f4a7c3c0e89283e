/**
 * The compact view's cuts (CONDENSED_OUTPUTS; the bridge's condensed-outputs.ts
 * makes them): whether an answer shows one, and the sentence that says once
 * how to get the rest. Pure.
 */

/** Said once in an answer that has a cut output: how to get the rest. */
export const CUT_HINT = '"[… left out …]" marks a cut output: read_cell with its outputIndex gives it whole.';

const NEVER_CUT = new Set(['source', 'content']);

const CUT_MARK = /\[… \d+ (?:lines|characters|earlier frames) left out/;

/**
 * Whether an answer shows an output cut here: a mark in an output's or a
 * traceback's text. A cell's source and a file's content are never cut, and
 * not walked: a file that quotes a mark gets no hint, and a big read_file
 * answer costs no scan. The marks are condensed-outputs.ts' in the bridge.
 */
export function hasCutOutput(value: unknown, key?: string): boolean {
  if (key !== undefined && NEVER_CUT.has(key)) {
    return false;
  }
  if (typeof value === 'string') {
    return CUT_MARK.test(value);
  }
  if (value === null || typeof value !== 'object') {
    return false;
  }
  // Loops, not Object.entries(…).some: this walks every read's answer, and the pairs cost more than the walk.
  if (Array.isArray(value)) {
    for (const item of value) {
      if (hasCutOutput(item, key)) {
        return true;
      }
    }
    return false;
  }
  for (const name of Object.keys(value)) {
    if (hasCutOutput((value as Record<string, unknown>)[name], name)) {
      return true;
    }
  }
  return false;
}
