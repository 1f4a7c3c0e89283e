import { describe, expect, it } from 'vitest';
import { CONDENSED_OUTPUTS } from '@jupyter-live-mcp/protocol';
import { describeHtmlTable } from './html-tables.js';

/** The summary as the condensed outputs ask for it, with the protocol's cap on listed columns. */
const tableSummary = (html: string, shownHeader?: string) => describeHtmlTable(html, CONDENSED_OUTPUTS.listedColumns, shownHeader);

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
    expect(tableSummary(pandasHtml(['a', 'b &amp; c', 'd'], 3))).toBe('DataFrame: 3 rows × 3 columns: a, b & c, d');
    expect(tableSummary(pandasHtml(['x'], 2, { indexName: 'when' }))).toBe('DataFrame: 2 rows × 1 columns: x');
  });

  it("takes the shape of a cut DataFrame from pandas' footer", () => {
    const html = pandasHtml(['a', '...', 'z'], 10, { footer: '1,500 rows × 26 columns' });
    expect(tableSummary(html)).toBe('DataFrame: 1500 rows × 26 columns: a, …, z');
  });

  it('lists the first 20 column names and says how many more there are', () => {
    const names = Array.from({ length: 25 }, (_, i) => `c${i}`);
    expect(tableSummary(pandasHtml(names, 1))).toBe(`DataFrame: 1 rows × 25 columns: ${names.slice(0, 20).join(', ')}, … (5 more)`);
  });

  it('gives a plain table rows × columns, its header row not counted as a row', () => {
    expect(tableSummary('<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr><tr><td colspan="2">b</td></tr></table>')).toBe(
      'HTML table: 2 rows × 2 columns'
    );
    expect(tableSummary('<TABLE><THEAD><TR><TH>k</TH></TR></THEAD><TBODY><TR><TD>1</TD></TR></TBODY></TABLE>')).toBe(
      'HTML table: 1 rows × 1 columns'
    );
  });

  it('reads column names as the person sees them: tags dropped, entities by name or number decoded, unknown ones kept, spaces folded', () => {
    const names = ['<b>bold</b>', 'it&#39;s', 'it&#x27;s', '&#X41;', '&copy;', 'a &lt; b', ' two\n  words '];
    expect(tableSummary(pandasHtml(names, 1))).toBe("DataFrame: 1 rows × 7 columns: bold, it's, it's, A, &copy;, a < b, two words");
  });

  it('leaves out the column names the text beside the table shows already, and lists them when one is missing', () => {
    const html = pandasHtml(['a', 'b'], 2);
    expect(tableSummary(html, '   a  b')).toBe('DataFrame: 2 rows × 2 columns');
    expect(tableSummary(html, 'a c')).toBe('DataFrame: 2 rows × 2 columns: a, b');
  });

  it('gives an empty DataFrame its column names, and one with a two-level index its data columns only', () => {
    expect(tableSummary(pandasHtml(['a', 'b'], 0))).toBe('DataFrame: 0 rows × 0 columns: a, b');
    const twoLevels =
      '<table class="dataframe"><thead><tr><th></th><th></th><th>v</th></tr></thead>' +
      '<tbody><tr><th>x</th><th>1</th><td>5</td></tr><tr><th>y</th><th>2</th><td>6</td></tr></tbody></table>';
    expect(tableSummary(twoLevels)).toBe('DataFrame: 2 rows × 1 columns: v');
    expect(tableSummary(`${twoLevels}<p>7 rows x 1 column</p>`)).toBe('DataFrame: 7 rows × 1 columns: v');
  });

  it('reads a DataFrame written without its index, and a footer only after the table', () => {
    const noIndex =
      '<table class="dataframe"><thead><tr><th>a</th><th>b</th></tr></thead>' +
      '<tbody><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></tbody></table>';
    expect(tableSummary(noIndex)).toBe('DataFrame: 2 rows × 2 columns: a, b');
    expect(tableSummary(`<p>9 rows × 9 columns</p>${noIndex}`)).toBe('DataFrame: 2 rows × 2 columns: a, b');
    expect(tableSummary(`${'<br>'.repeat(100)}<p>9 rows × 9 columns</p>${noIndex}`)).toBe('DataFrame: 2 rows × 2 columns: a, b');
    // A frame with an index and no columns: its body rows are header cells only.
    const indexOnly =
      '<table class="dataframe"><thead><tr><th></th></tr></thead><tbody><tr><th>1</th></tr><tr><th>2</th></tr></tbody></table>';
    expect(tableSummary(indexOnly)).toBe('DataFrame: 2 rows × 0 columns');
  });

  it('finds the header row of a table without thead or tbody, whatever the case of its tags', () => {
    expect(tableSummary('<table class="dataframe"><TR><TH></TH><TH>k</TH></TR><TR><TH>0</TH><TD>1</TD></TR></table>')).toBe(
      'DataFrame: 1 rows × 1 columns: k'
    );
    expect(tableSummary('<table><thead><tr><th>k</th><th>v</th></tr></thead><tr><td>1</td><td>2</td></tr></table>')).toBe(
      'HTML table: 1 rows × 2 columns'
    );
    expect(tableSummary('<table>\n<thead>\n<tr><th>k</th></tr>\n</thead>\n<tr><th>x</th><td>1</td></tr>\n</table>')).toBe(
      'HTML table: 1 rows × 2 columns'
    );
  });

  it('names no columns for a DataFrame written without its header (to_html(header=False)): its index cells are not column names', () => {
    const headerless =
      '<table border="1" class="dataframe"><tbody><tr><th>0</th><td>1</td><td>2</td></tr>' +
      '<tr><th>1</th><td>3</td><td>4</td></tr></tbody></table>';
    expect(tableSummary(headerless)).toBe('DataFrame: 2 rows × 2 columns');
  });

  it('is undefined for HTML without a table', () => {
    expect(tableSummary('<b>bold</b>')).toBeUndefined();
    expect(tableSummary('<table')).toBeUndefined();
  });
});
