/**
 * zod/mini says "Invalid input" of every issue until it is given a locale
 * (zod's classic API loads English by itself): the messages agents, people and
 * peers read are English. Each module that makes schemas imports this one.
 * English only when no locale is set yet, as the classic API does: zod keeps
 * one config per page, which other extensions' zod reads too (an issue no
 * schema of ours raises, such as an email format, gets zod's fallback words).
 */
import * as z from 'zod/mini';

const UNITS: Record<string, string | undefined> = { string: 'characters', array: 'items' };

// zod's own words (zod/v4/locales/en.js, 1.1 kB gzip in the page) for the issues this protocol's schemas can raise.
export function english(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${received(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${primitive(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(primitive).join('|')}`;
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const adj = issue.exact ? 'exactly ' : (big ? '<' : '>') + (issue.inclusive ? '=' : '');
      const unit = UNITS[issue.origin];
      return `Too ${big ? 'big' : 'small'}: expected ${issue.origin} to ${unit ? 'have' : 'be'} ${adj}${big ? issue.maximum : issue.minimum}${unit ? ` ${unit}` : ''}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' ? `Invalid string: must match pattern ${issue.pattern}` : `Invalid ${issue.format}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map(primitive).join(', ')}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_union': {
      // A discriminated union names the values its discriminator takes.
      const options = (issue as { options?: unknown[] }).options;
      return options?.length
        ? `Invalid discriminator value. Expected ${options.map((o) => `'${String(o)}'`).join(' | ')}`
        : 'Invalid input';
    }
    default:
      return 'Invalid input';
  }
}

function received(input: unknown): string {
  if (typeof input === 'number') return Number.isFinite(input) ? 'number' : Number.isNaN(input) ? 'NaN' : String(input);
  if (input === null || Array.isArray(input)) return input ? 'array' : 'null';
  const prototype: unknown = typeof input === 'object' && Object.getPrototypeOf(input);
  return prototype && prototype !== Object.prototype && (input as object).constructor ? (input as object).constructor.name : typeof input;
}

function primitive(value: unknown): string {
  return typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? `"${value}"` : `${String(value)}`;
}

if (!z.config().localeError) {
  z.config({ localeError: english });
}
