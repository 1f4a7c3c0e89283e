/**
 * One line saying what an HTML table output holds, so the agent knows a
 * DataFrame's shape without its HTML: pandas' `<table class="dataframe">`
 * gives rows × columns (its "N rows × M columns" footer when the display is
 * cut, else the rows and cells shown) and the column names; any other table
 * gives rows × columns. Read with patterns, not a DOM, as the HTML is only
 * counted, never shown. Pure.
 */
const TABLE = /<table\b([^>]*)>([\s\S]*?)<\/table>/i;
const DATAFRAME_CLASS = /\bclass\s*=\s*["'][^"']*\bdataframe\b/i;
// pandas writes it after the table when it shows only part of the frame.
const PANDAS_FOOTER = /<p>\s*([\d,]+)\s+rows?\s*[×x]\s*([\d,]+)\s+columns?\s*<\/p>/i;
const ROW = /<tr\b[^>]*>([\s\S]*?)<\/tr>/gi;
const CELL = /<(th|td)\b([^>]*)>([\s\S]*?)<\/\1>/gi;
const COLSPAN = /\bcolspan\s*=\s*["']?(\d+)/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

interface Cell {
  header: boolean;
  span: number;
  text: string;
}

/**
 * The summary of the first table in `html`, or undefined when it has none.
 * A DataFrame lists its first `listedColumns` column names, left out when
 * `shownHeader` (the first line of the text the agent sees beside it) already
 * shows every one of them. The caller passes the protocol's cap: this chunk
 * imports nothing of the bridge's own chunk.
 */
export function describeHtmlTable(html: string, listedColumns: number, shownHeader = ''): string | undefined {
  const table = TABLE.exec(html);
  if (!table) {
    return undefined;
  }
  // Stryker disable next-line StringLiteral: these groups always match, so their defaults (for the type checker) never apply
  const [, attributes = '', inner = ''] = table;
  const head = section(inner, 'thead');
  const rows = rowsOf(section(inner, 'tbody') ?? inner.replace(/<thead\b[\s\S]*?<\/thead>/i, ''));
  // Without a thead, a row of header cells only is a header row.
  const bodyRows = head === undefined ? rows.filter((row) => row.some((cell) => !cell.header)) : rows;
  const headRows = head === undefined ? rows.filter((row) => row.every((cell) => cell.header)) : rowsOf(head);
  if (!DATAFRAME_CLASS.test(attributes)) {
    const columns = Math.max(0, ...[...headRows, ...bodyRows].map((row) => row.reduce((sum, cell) => sum + cell.span, 0)));
    return `HTML table: ${bodyRows.length} rows × ${columns} columns`;
  }
  // The index is the header cells a body row starts with (one per level); the first body row has them all.
  const indexLevels = bodyRows[0]
    ? leadingHeaders(bodyRows[0])
    : Math.max(
        0,
        (headRows[0] ?? []).findIndex((cell) => cell.text !== '')
      );
  const footer = PANDAS_FOOTER.exec(html.slice((table.index ?? 0) + table[0].length));
  const rowCount = footer ? count(footer[1]) : bodyRows.length;
  const columns = footer ? count(footer[2]) : (bodyRows[0]?.filter((cell) => !cell.header).length ?? 0);
  const names = (headRows[0] ?? []).slice(indexLevels).map((cell) => (cell.text === '...' ? '…' : cell.text));
  const shown = new Set(shownHeader.trim().split(/\s+/));
  const listed = names.length > 0 && !names.every((name) => shown.has(name));
  return `DataFrame: ${rowCount} rows × ${columns} columns${listed ? `: ${listNames(names, listedColumns)}` : ''}`;
}

function section(html: string, tag: 'thead' | 'tbody'): string | undefined {
  return new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(html)?.[1];
}

function rowsOf(html: string): Cell[][] {
  // Stryker disable next-line StringLiteral: these groups always match, so their defaults (for the type checker) never apply
  return Array.from(html.matchAll(ROW), ([, row = '']) =>
    // Stryker disable next-line StringLiteral: these groups always match, so their defaults (for the type checker) never apply
    Array.from(row.matchAll(CELL), ([, tag, attributes = '', content = '']) => ({
      header: tag?.toLowerCase() === 'th',
      span: Number(COLSPAN.exec(attributes)?.[1] ?? 1),
      text: textOf(content)
    }))
  );
}

function leadingHeaders(row: readonly Cell[]): number {
  const firstData = row.findIndex((cell) => !cell.header);
  return firstData < 0 ? row.length : firstData;
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function count(digits: string | undefined): number {
  return Number((digits ?? '0').replace(/,/g, ''));
}

function listNames(names: readonly string[], listedColumns: number): string {
  const listed = names.slice(0, listedColumns);
  const more = names.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? `, … (${more} more)` : ''}`;
}
