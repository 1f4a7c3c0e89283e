/**
 * The known word closest to a mistyped one (a flag, a command), for "did you mean":
 * the fewest single-letter edits (insert, delete, change, swap two neighbours), and only
 * when that is a slip (at most 2, and fewer than half the word), not another word.
 */
export function closestWord(word: string, known: readonly string[]): string | undefined {
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && distance * 2 < Math.max(word.length, 2) && (!best || distance < best.distance)) {
      best = { word: candidate, distance };
    }
  }
  return best?.word;
}

/** Optimal-string-alignment distance: a swap of two neighbouring letters is one edit. */
function editDistance(a: string, b: string): number {
  // The first row and column are the distances from and to the empty string; the loop below sets every other cell.
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : i)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      // At i = 1 (or j = 1) a[i - 2] (or b[j - 2]) is undefined, which no letter equals: no swap there.
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
