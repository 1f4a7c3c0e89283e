/**
 * Generators of hostile JSON, as text: nesting thousands of levels deep, huge
 * strings and arrays, odd keys (`__proto__`, `constructor`, control characters,
 * forged log lines), odd numbers and duplicate keys. Text, so that the fuzzer
 * never builds (or stringifies) a value deeper than its own stack allows; the
 * server parses it as a peer's frame or an agent's line would arrive.
 */
import fc from 'fast-check';

/** Keys that mean something to JavaScript objects, to loggers or to terminals. */
export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  '',
  '\u0000',
  '\n[jupyter-live-mcp] info: page connected: page-forged (JupyterLab http://127.0.0.1/lab)',
  '\u001b[2J\u001b[31mred',
  '\r\u2028\u2029',
  '\ud800',
  'k'.repeat(10_000)
] as const;

const CONTROL_CHARACTERS = [...Array(32).keys(), 127, 0x85, 0x2028, 0x2029].map((code) => String.fromCharCode(code));

/** A key a hostile peer might send: an odd one, control characters, or any string. */
export const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_KEYS),
  fc.string({ unit: fc.constantFrom(...CONTROL_CHARACTERS), minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 12 })
);

/** JSON text of a value `depth` levels deep. */
export function nestedJson(depth: number, shape: 'array' | 'object' | 'mixed', leaf = '0'): string {
  switch (shape) {
    case 'array':
      return '['.repeat(depth) + leaf + ']'.repeat(depth);
    case 'object':
      return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
    case 'mixed': {
      const pairs = Math.ceil(depth / 2);
      return '[{"__proto__":'.repeat(pairs) + leaf + '}]'.repeat(pairs);
    }
  }
}

/** Nesting from a few hundred levels (within what parsers allow) to far past any stack. */
export const deepJson: fc.Arbitrary<string> = fc
  .record({
    depth: fc.oneof(
      { arbitrary: fc.integer({ min: 50, max: 900 }), weight: 3 },
      { arbitrary: fc.integer({ min: 1000, max: 20_000 }), weight: 3 },
      { arbitrary: fc.constantFrom(100_000, 500_000), weight: 1 }
    ),
    shape: fc.constantFrom('array', 'object', 'mixed')
  })
  .map(({ depth, shape }) => nestedJson(depth, shape as 'array' | 'object' | 'mixed'));

/** A string of up to 4 MiB (lines over the 10 MiB an MCP message may take are fuzz-cases.ts's own). */
export const hugeStringJson: fc.Arbitrary<string> = fc
  .record({
    length: fc.oneof(
      { arbitrary: fc.integer({ min: 10_000, max: 300_000 }), weight: 8 },
      { arbitrary: fc.constantFrom(1 << 20, 4 << 20), weight: 1 }
    ),
    char: fc.constantFrom('x', 'é', '\\n', '"')
  })
  .map(({ length, char }) => JSON.stringify((char === '\\n' ? '\n' : char).repeat(length)));

/** An array of up to a million elements. */
export const hugeArrayJson: fc.Arbitrary<string> = fc
  .record({
    length: fc.oneof({ arbitrary: fc.integer({ min: 1000, max: 100_000 }), weight: 8 }, { arbitrary: fc.constant(1_000_000), weight: 1 }),
    item: fc.constantFrom('0', 'null', '{}', '"a"')
  })
  .map(({ length, item }) => `[${`${item},`.repeat(length - 1)}${item}]`);

/** Numbers JSON allows but programs stumble on. */
const oddNumberJson = fc.constantFrom(
  '1e400',
  '-1e400',
  '-0',
  '123456789012345678901234567890',
  '5e-324',
  '1.7976931348623157e308',
  '0.1e-999'
);

/** JSON text of an object whose keys are odd, with values from `value`. */
const objectWithOddKeys = (value: fc.Arbitrary<string>) =>
  fc
    .array(fc.tuple(oddKey, value), { minLength: 1, maxLength: 6 })
    .map((entries) => `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(',')}}`);

/** Small hostile JSON, cheap to send many times: ordinary values, odd keys and numbers, duplicate keys. */
export const smallHostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    oddNumberJson,
    fc.constant('{"a":1,"a":{"b":2},"a":[3]}'),
    objectWithOddKeys(tie('value'))
  )
})).value;

/** Any hostile JSON: mostly small, sometimes deep or huge (a few percent each: they are slow to send). */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: smallHostileJson, weight: 40 },
  { arbitrary: deepJson, weight: 3 },
  { arbitrary: hugeStringJson, weight: 1 },
  { arbitrary: hugeArrayJson, weight: 1 }
);

/** JSON text of an object (so it passes "arguments must be an object" and reaches deeper checks) holding hostile values. */
export const hostileObjectJson: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(fc.oneof(oddKey, fc.constantFrom('n', 'marker', 'pageId')), hostileJson), { maxLength: 4 })
      .map(objectText),
    weight: 4
  },
  { arbitrary: deepJson.map((deep) => `{"n":${deep}}`), weight: 1 }
);

function objectText(entries: [string, string][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}
