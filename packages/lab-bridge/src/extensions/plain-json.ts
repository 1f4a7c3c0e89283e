/**
 * Whether a value is plain JSON (objects, arrays, strings, finite numbers,
 * booleans, null), as an extension tool's input and result must be: it crosses
 * to the agent as is, not converted as command results are. Pure; iterative,
 * so any depth is safe.
 */

/** Where and what the first value that is not plain JSON is, e.g. `result.items[2]: a function`; undefined if all is. */
export function notPlainJson(value: unknown, path = 'result'): string | undefined {
  const ancestors = new Set<object>();
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  const trail: object[] = [];
  while (stack.length) {
    const item = stack.pop()!;
    // Leave the ancestors of this item only: a value seen twice side by side is no cycle.
    while (trail.length > item.depth) {
      ancestors.delete(trail.pop()!);
    }
    const problem = notJsonLeaf(item.value);
    if (problem) {
      return `${shortPath(item.path)}: ${problem}`;
    }
    if (typeof item.value !== 'object' || item.value === null) {
      continue;
    }
    const object = item.value;
    if (ancestors.has(object)) {
      return `${shortPath(item.path)}: a cycle (it contains itself)`;
    }
    ancestors.add(object);
    trail.push(object);
    const entries = Array.isArray(object)
      ? object.map((v, i) => [`[${i}]`, v] as const)
      : Object.entries(object).map(([k, v]) => [`.${k}`, v] as const);
    for (const [key, child] of entries.reverse()) {
      stack.push({ value: child, path: `${item.path}${key}`, depth: item.depth + 1 });
    }
  }
  return undefined;
}

function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 100)}…${path.slice(-100)}` : path;
}

function notJsonLeaf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${value} (JSON has no NaN or Infinity)`;
    case 'bigint':
      return 'a BigInt (give it as a string or a number)';
    case 'undefined':
      return 'undefined (return null for no value)';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
  }
  if (value === null || Array.isArray(value)) {
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return `a ${(value as object).constructor?.name || 'class instance'} (only plain objects, arrays, strings, numbers, booleans and null)`;
  }
  return undefined;
}
