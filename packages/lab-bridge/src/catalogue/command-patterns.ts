/**
 * Glob patterns over command ids, for `blockedCommands`: `*` stands for any run
 * of characters (colons included), `?` for one character; everything else is
 * literal. Pure.
 */
export function compilePatterns(patterns: readonly string[]): (commandId: string) => boolean {
  if (patterns.length === 0) {
    return () => false;
  }
  const source = patterns
    .map((pattern) =>
      pattern
        .split('')
        .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
        .join('')
    )
    .join('|');
  const regex = new RegExp(`^(?:${source})$`);
  return (commandId) => regex.test(commandId);
}
