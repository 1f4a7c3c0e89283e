/**
 * What an agent reads of a notebook worked in (issue 15, task c): 50 cells
 * run in the page's python3 kernel — DataFrame-like tables, a long stream, a
 * traceback, two matplotlib plots — then read_notebook in the compact view
 * (the default) and as nbformat JSON: the characters of each result's text,
 * and the pictures attached. The target: the compact text at most 35% of the
 * nbformat read's, with the same pictures.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BenchConfig } from '../config.js';
import type { BenchLab } from '../lab.js';
import type { CallOutcome } from '../mcp-client.js';
import { closeDocument, notebookWithKernel, ok } from '../notebook-helpers.js';
import type { Report } from '../report.js';

const NOTEBOOK = 'bench-worked.ipynb';
const CELLS = 50;
const COMPACT_TARGET = 0.35;

/**
 * pandas is not in the test machine's Python: this class shows itself as
 * pandas shows a 150-row DataFrame cut for display (its text repr and its
 * `<table class="dataframe">` HTML with the "rows × columns" footer).
 */
const FRAME_CLASS = String.raw`import math
class Frame:
    STYLE = '<style scoped>\n    .dataframe tbody tr th:only-of-type {\n        vertical-align: middle;\n    }\n\n    .dataframe tbody tr th {\n        vertical-align: top;\n    }\n\n    .dataframe thead th {\n        text-align: right;\n    }\n</style>\n'
    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
    def value(self, i, j):
        return round(math.sin(i + j) * 100, 2)
    def shown(self):
        return list(range(5)) + list(range(self.rows - 5, self.rows))
    def __repr__(self):
        lines = ['     ' + ''.join(f'{c:>10}' for c in self.columns)]
        for n, i in enumerate(self.shown()):
            if n == 5:
                lines.append('..   ' + ''.join(f'{"...":>10}' for c in self.columns))
            lines.append(f'{i:<5}' + ''.join(f'{self.value(i, j):>10}' for j in range(len(self.columns))))
        return '\n'.join(lines) + f'\n\n[{self.rows} rows x {len(self.columns)} columns]'
    def _repr_html_(self):
        head = ''.join(f'      <th>{c}</th>\n' for c in self.columns)
        rows = []
        for n, i in enumerate(self.shown()):
            if n == 5:
                rows.append('    <tr>\n      <th>...</th>\n' + ''.join('      <td>...</td>\n' for c in self.columns) + '    </tr>\n')
            rows.append(f'    <tr>\n      <th>{i}</th>\n' + ''.join(f'      <td>{self.value(i, j)}</td>\n' for j in range(len(self.columns))) + '    </tr>\n')
        return (f'<div>\n{self.STYLE}<table border="1" class="dataframe">\n  <thead>\n    <tr style="text-align: right;">\n      <th></th>\n{head}'
                f'    </tr>\n  </thead>\n  <tbody>\n{"".join(rows)}  </tbody>\n</table>\n<p>{self.rows} rows × {len(self.columns)} columns</p>\n</div>')`;

const plot = (title: string) =>
  [
    'import matplotlib.pyplot as plt',
    'fig, ax = plt.subplots(figsize=(6, 4))',
    'ax.plot([math.sin(x / 10) for x in range(100)])',
    `ax.set_title(${JSON.stringify(title)})`,
    'plt.show()'
  ].join('\n');

/** The code and markdown cells of the notebook, in order: one markdown cell in five. */
function workedCells(): { type: 'code' | 'markdown'; source: string }[] {
  const special: Record<number, string> = {
    1: FRAME_CLASS,
    3: "sales = Frame(150, ['region', 'units', 'price', 'revenue', 'margin'])\nsales",
    7: "costs = Frame(150, ['month', 'fixed', 'variable', 'total'])\ncosts",
    12: "for epoch in range(300):\n    print(f'epoch {epoch}: loss {1 / (epoch + 1):.4f}')",
    14: plot('Revenue'),
    18: "summary = Frame(150, ['mean', 'std', 'min', 'max'])\nsummary",
    22: "def load(name):\n    return {'a': 1}[name]\n\ndef prepare():\n    return load('b')\n\nprepare()",
    24: "joined = Frame(150, ['key', 'left', 'right'])\njoined",
    28: plot('Margin'),
    32: "pivot = Frame(150, ['q1', 'q2', 'q3', 'q4', 'total', 'share'])\npivot",
    38: "totals = Frame(150, ['total'])\ntotals"
  };
  return Array.from({ length: CELLS }, (_, i) => {
    if (i % 5 === 0) {
      return { type: 'markdown', source: `## Part ${i / 5 + 1}\n\nWhat this part of the analysis does, in a sentence or two.` };
    }
    return { type: 'code', source: special[i] ?? `values_${i} = [x * ${i} for x in range(10)]\nsum(values_${i})` };
  });
}

function pictures(outcome: CallOutcome): number {
  return (outcome.raw.content as CallToolResult['content']).filter((block) => block.type === 'image').length;
}

export async function agentReadsScenario(bench: BenchLab, _config: BenchConfig, report: Report): Promise<void> {
  const section = 'agent reads';
  await notebookWithKernel(bench, NOTEBOOK);
  let previous: string | undefined;
  for (const cell of workedCells()) {
    const added = await ok(bench, 'add_cell', {
      notebookPath: NOTEBOOK,
      content: cell.source,
      cellType: cell.type,
      ...(previous ? { referenceCellId: previous } : {})
    });
    previous = added.cellId as string;
    if (cell.type === 'code') {
      // The traceback cell fails: that is its outcome.
      await bench.mcp.call('run_cell', { notebookPath: NOTEBOOK, cellId: previous });
    }
  }
  const compact = await bench.mcp.call('read_notebook', { notebookPath: NOTEBOOK });
  const full = await bench.mcp.call('read_notebook', { notebookPath: NOTEBOOK, format: 'nbformat' });
  for (const [label, outcome] of [
    ['nbformat', full],
    ['compact', compact]
  ] as const) {
    if (outcome.result.success !== true) {
      throw new Error(`read_notebook (${label}) failed: ${JSON.stringify(outcome.result).slice(0, 500)}`);
    }
    report.add({
      section,
      name: `${CELLS} cells with outputs: read_notebook, ${label}`,
      value: `${outcome.textChars.toLocaleString('en')} characters of text, ${pictures(outcome)} pictures; MCP message ${outcome.mcpChars.toLocaleString('en')}`,
      data: { textChars: outcome.textChars, mcpChars: outcome.mcpChars, pictures: pictures(outcome) }
    });
  }
  const share = compact.textChars / full.textChars;
  report.add({
    section,
    name: '  compact text / nbformat text, same pictures',
    value: `${(share * 100).toFixed(1)}%; pictures ${pictures(compact)} and ${pictures(full)}`,
    target: `≤ ${COMPACT_TARGET} and the same pictures`,
    met: share <= COMPACT_TARGET && pictures(compact) === pictures(full),
    data: { share }
  });
  await closeDocument(bench.page, NOTEBOOK);
}
