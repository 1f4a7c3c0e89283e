/**
 * The generated blocks of a Markdown file: the text between
 * `<!-- generated: NAME -->` and `<!-- end generated -->` is TABLES[NAME]'s,
 * rewritten in place. Pure.
 */
/** A block's start, its old text (never across another block's start) and its end. */
const BLOCK = /(<!-- generated: ([\w-]+) -->\n)(?:(?!<!-- generated:)[\s\S])*?(<!-- end generated -->)/g;

/** `text` with every generated block made anew; a block of a name `tables` lacks is an error naming the known ones. */
export function withGeneratedBlocks(text: string, tables: Readonly<Record<string, () => string>>, file: string): string {
  return text.replace(BLOCK, (_block, start: string, name: string, end: string) => {
    const table = tables[name];
    if (!table) {
      throw new Error(`${file}: no generated table "${name}"; the tables are ${Object.keys(tables).join(', ')}`);
    }
    return `${start}${table()}\n${end}`;
  });
}

/** The names of the blocks `text` holds, in order. */
export function generatedBlockNames(text: string): string[] {
  return [...text.matchAll(BLOCK)].map((match) => match[2] ?? '');
}
