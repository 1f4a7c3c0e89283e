/**
 * The figures of one run: rows of a table, each optionally checked against a
 * target, printed at the end and optionally written as JSON.
 */
import type { Summary } from './stats.js';

export interface Row {
  section: string;
  name: string;
  value: string;
  target?: string;
  /** undefined: no target. */
  met?: boolean;
  /** The numbers behind `value`, for the JSON file. */
  data?: unknown;
}

export class Report {
  readonly rows: Row[] = [];
  constructor(private readonly progress: (line: string) => void) {}

  add(row: Row): void {
    this.rows.push(row);
    const check = row.met === undefined ? '' : row.met ? '  [target met]' : '  [target MISSED]';
    this.progress(`  ${row.section} / ${row.name}: ${row.value}${check}`);
  }

  table(): string {
    const header = ['section', 'figure', 'value', 'target', ''];
    const lines = this.rows.map((row) => [
      row.section,
      row.name,
      row.value,
      row.target ?? '',
      row.met === undefined ? '' : row.met ? 'met' : 'MISSED'
    ]);
    const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column]!.length)));
    const format = (line: string[]) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join(' | ')
        .trimEnd();
    return [format(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...lines.map(format)].join('\n');
  }
}

export const ms = (value: number): string => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);

export const p50p95 = (summary: Summary): string => `p50 ${ms(summary.p50)}, p95 ${ms(summary.p95)} (n=${summary.n})`;

export function size(chars: number): string {
  if (chars >= 1e6) {
    return `${(chars / 1e6).toFixed(2)} MB`;
  }
  if (chars >= 1e3) {
    return `${(chars / 1e3).toFixed(1)} kB`;
  }
  return `${chars} B`;
}

export const ratio = (value: number): string => `${value.toFixed(2)}×`;
