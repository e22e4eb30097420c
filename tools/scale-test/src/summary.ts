// The summary the scale test prints: one line per check with its failures as a ratio of its total.
import type { Tally } from './client';

export interface CheckResult {
  name: string;
  tally: Tally;
  /** What else is worth a line (timings, counts). */
  note?: string;
  seconds: number;
}

export const passed = (r: CheckResult) => r.tally.failed === 0 && r.tally.total > 0;

export function formatSummary(results: readonly CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length), 10);
  const lines = results.map((r) => {
    const verdict = passed(r) ? 'PASS' : 'FAIL';
    const why = r.tally.total === 0 ? ' (nothing was checked)' : '';
    const head = `${verdict}  ${r.name.padEnd(width)}  ${r.tally.failed}/${r.tally.total} failed${why}  (${r.seconds.toFixed(1)} s)`;
    const more = [r.note ? `      ${r.note}` : '', ...r.tally.examples.map((e) => `      - ${e}`)].filter(Boolean);
    return [head, ...more].join('\n');
  });
  const failing = results.filter((r) => !passed(r)).length;
  lines.push(failing === 0 ? `all ${results.length} checks passed` : `${failing} of ${results.length} checks failed`);
  return lines.join('\n');
}
