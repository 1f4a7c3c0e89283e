import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const withoutInputDescriptions = createRequire(import.meta.url)('./without-input-descriptions.cjs') as (
  this: { resourcePath: string },
  source: string
) => string;
const strip = (source: string) => withoutInputDescriptions.call({ resourcePath: 'm.js' }, source);

describe('withoutInputDescriptions', () => {
  it("takes out each description's check, in every quoting and over lines, and nothing else", () => {
    const source = [
      "const a = z.optional(z.string()).check(z.describe('It\\'s a \"path\".'));",
      'const b = z.int().check(z.gte(0)).check(z.describe("0-based, in the cell\'s list."));',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
      'const c = z.optional(z.int()).check(z.describe(`Default ${LIMIT}; all matches.`));',
      "const d = z.strictObject({ op }).check(\n  z.describe(\n    'add: content; ' +\n      'delete: cellId.'\n  )\n);"
    ].join('\n');
    expect(strip(source)).toBe(
      [
        'const a = z.optional(z.string());',
        'const b = z.int().check(z.gte(0));',
        'const c = z.optional(z.int());',
        'const d = z.strictObject({ op });'
      ].join('\n')
    );
  });

  it('fails the build on a description it cannot take out, naming the file', () => {
    expect(() => strip('const a = z.string().check(z.describe(TEXT), z.minLength(1));')).toThrow(/^m\.js: a z\.describe in a form/);
  });

  it("takes out every description of the protocol's built modules", () => {
    for (const name of ['notebook-tools.js', 'tool-table.js']) {
      const source = readFileSync(new URL(`../../protocol/dist/${name}`, import.meta.url), 'utf8');
      expect(source).toContain('z.describe(');
      expect(strip(source)).not.toContain('z.describe(');
    }
  });
});
