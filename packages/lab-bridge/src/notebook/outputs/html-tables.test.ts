import { describe, expect, it } from 'vitest';
import { describeHtmlTable } from './html-tables.js';

/** The HTML pandas writes for a DataFrame (to_html / _repr_html_), with its footer when the display is cut. */
function pandasHtml(columns: string[], rows: number, options: { footer?: string; indexName?: string } = {}): string {
  const head = `<tr style="text-align: right;">\n<th></th>\n${columns.map((name) => `<th>${name}</th>`).join('\n')}\n</tr>`;
  const indexRow = options.indexName ? `<tr>\n<th>${options.indexName}</th>${columns.map(() => '<th></th>').join('')}\n</tr>` : '';
  const body = Array.from(
    { length: rows },
    (_, i) => `<tr>\n<th>${i}</th>\n${columns.map((_, j) => `<td>${i * j}</td>`).join('\n')}\n</tr>`
  ).join('\n');
  return (
    '<div>\n<style scoped>\n.dataframe tbody tr th { vertical-align: top; }\n</style>\n' +
    `<table border="1" class="dataframe">\n<thead>\n${head}\n${indexRow}</thead>\n<tbody>\n${body}\n</tbody>\n</table>\n` +
    `${options.footer ? `<p>${options.footer}</p>\n` : ''}</div>`
  );
}

describe('describeHtmlTable', () => {
  it("gives a DataFrame's rows × columns and its column names, entities decoded", () => {
    expect(describeHtmlTable(pandasHtml(['a', 'b &amp; c', 'd'], 3))).toBe('DataFrame: 3 rows × 3 columns: a, b & c, d');
    expect(describeHtmlTable(pandasHtml(['x'], 2, { indexName: 'when' }))).toBe('DataFrame: 2 rows × 1 columns: x');
  });

  it("takes the shape of a cut DataFrame from pandas' footer", () => {
    const html = pandasHtml(['a', '...', 'z'], 10, { footer: '1,500 rows × 26 columns' });
    expect(describeHtmlTable(html)).toBe('DataFrame: 1500 rows × 26 columns: a, …, z');
  });

  it('lists the first 20 column names and says how many more there are', () => {
    const names = Array.from({ length: 25 }, (_, i) => `c${i}`);
    expect(describeHtmlTable(pandasHtml(names, 1))).toBe(`DataFrame: 1 rows × 25 columns: ${names.slice(0, 20).join(', ')}, … (5 more)`);
  });

  it('gives a plain table rows × columns, its header row not counted as a row', () => {
    expect(
      describeHtmlTable('<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr><tr><td colspan="2">b</td></tr></table>')
    ).toBe('HTML table: 2 rows × 2 columns');
    expect(describeHtmlTable('<TABLE><THEAD><TR><TH>k</TH></TR></THEAD><TBODY><TR><TD>1</TD></TR></TBODY></TABLE>')).toBe(
      'HTML table: 1 rows × 1 columns'
    );
  });

  it('is undefined for HTML without a table', () => {
    expect(describeHtmlTable('<b>bold</b>')).toBeUndefined();
    expect(describeHtmlTable('<table')).toBeUndefined();
  });
});
