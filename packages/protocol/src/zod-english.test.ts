import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { english } from './zod-english.js';

const zods = en().localeError;
const issue = (fields: Record<string, unknown>) => ({ input: undefined, path: [], ...fields }) as unknown as z.core.$ZodRawIssue;

describe('english', () => {
  const issues: Record<string, unknown>[] = [
    ...[
      'text',
      1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -Infinity,
      null,
      undefined,
      true,
      [],
      {},
      Object.create(null),
      new Date(0),
      1n
    ].map((input) => ({ code: 'invalid_type', expected: 'string', input })),
    { code: 'invalid_type', expected: 'int', input: 1.5 },
    { code: 'invalid_value', values: ['compact'] },
    { code: 'invalid_value', values: ['compact', 'nbformat', 3, true, null, 2n] },
    ...['too_big', 'too_small'].flatMap((code) =>
      ['string', 'array', 'number', 'bigint'].flatMap((origin) =>
        [{ inclusive: true }, { inclusive: false }, { exact: true, inclusive: true }].map((how) => ({
          code,
          origin,
          maximum: 5,
          minimum: 1,
          ...how
        }))
      )
    ),
    { code: 'invalid_format', format: 'regex', pattern: '/^[a-z]+$/' },
    { code: 'invalid_format', format: 'safeint' },
    { code: 'unrecognized_keys', keys: ['extra'] },
    { code: 'unrecognized_keys', keys: ['extra', 'other'] },
    { code: 'invalid_key', origin: 'record' },
    { code: 'invalid_union', errors: [] },
    { code: 'invalid_union', errors: [], options: ['add', 'delete'] },
    { code: 'invalid_union', errors: [], options: [] },
    { code: 'custom' }
  ];

  it.each(issues.map((fields) => [JSON.stringify(fields, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)), fields]))(
    'says what zod says in English: %s',
    (_, fields) => {
      expect(english(issue(fields))).toBe(zods(issue(fields)));
    }
  );
});
