/**
 * doctor's report as a person reads it in a terminal: one line per check, the
 * fix indented under each problem, and a last line that says what to do next.
 * Pure.
 */
import type { Check } from './checks.js';

const LABELS: Record<Check['status'], string> = { ok: 'ok     ', problem: 'PROBLEM', note: 'note   ' };

export function formatReport(version: string, checks: readonly Check[]): string {
  const lines = [`jupyter-live-mcp doctor ${version}`, ''];
  for (const check of checks) {
    lines.push(`${LABELS[check.status]}  ${check.title}: ${check.detail}`);
    if (check.fix) {
      lines.push(`         fix: ${check.fix}`);
    }
  }
  const problems = checks.filter((check) => check.status === 'problem').length;
  lines.push(
    '',
    problems === 0
      ? 'No problems found.'
      : `${problems} problem${problems > 1 ? 's' : ''} found. Fix ${problems > 1 ? 'them from the top' : 'it'}, then run jupyter-live-mcp doctor again.`
  );
  return `${lines.join('\n')}\n`;
}

/** 0 when all is well, 1 when a problem was found. */
export function exitCode(checks: readonly Check[]): number {
  return checks.some((check) => check.status === 'problem') ? 1 : 0;
}
