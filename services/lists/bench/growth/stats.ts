// Pure pieces of `npm run bench:growth`: percentiles, CPU time of a process, the budgets of the
// embedded engine's growth and the printed table. Tested in stats.test.ts.
import type { Timed } from './load';

/** Nearest-rank percentile (p in 0..100) of `values`; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile must be within 0..100, not ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** A request's time span, as the probes time it. */
type Span = Pick<Timed, 'startMs' | 'endMs' | 'ms'>;

/**
 * What one compaction did to the requests probing the engine: how much longer the longest request
 * that overlapped it took than the longest one of a window as long without it (right after, with
 * the same probes), and how much longer a request took on average. The longest request of a window
 * holds the machine's own hiccups (a collection in a service, another process): measured against
 * the usual time instead, every hiccup of the window would count as the compaction's.
 */
export function compactionStall(probes: readonly Span[], compaction: { startMs: number; endMs: number }): { stallMs: number; slowdown: number } | null {
  const length = compaction.endMs - compaction.startMs;
  const during = probes.filter((t) => t.startMs < compaction.endMs && t.endMs > compaction.startMs);
  const after = probes.filter((t) => t.startMs >= compaction.endMs && t.endMs <= compaction.endMs + length);
  if (!during.length || !after.length) return null;
  const longest = (xs: readonly Span[]) => Math.max(...xs.map((t) => t.ms));
  const mean = (xs: readonly Span[]) => xs.reduce((sum, t) => sum + t.ms, 0) / xs.length;
  return { stallMs: Math.max(0, longest(during) - longest(after)), slowdown: mean(during) / mean(after) };
}

/**
 * CPU time (user + system, ms) of a process from the text of its `/proc/<pid>/stat`. The command
 * name (field 2) may hold spaces and parentheses: fields are counted after its last `)`.
 */
export function cpuMsFromStat(stat: string, ticksPerSecond = 100): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state): utime is field 14, stime field 15.
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('unreadable /proc/<pid>/stat');
  return ((utime + stime) * 1000) / ticksPerSecond;
}

/** What one data set size measured (ms unless named otherwise; null when it could not be measured). */
export interface SizeResult {
  products: number;
  /** Bulk writes through the driver. */
  seedMs: number;
  create: { p50Ms: number; engineCpuMs: number; errors: number };
  offer: { p50Ms: number; engineCpuMs: number; errors: number };
  readersAloneP99Ms: number;
  readersWithWriterP99Ms: number;
  /**
   * How much longer the longest read was while a compaction ran than the longest one in as long
   * a window without compaction (compactionStall), the median of several compactions.
   */
  compactionStallMs: number | null;
  /** The same for the writer's product creations beside it (a write waits for its journal's sync). */
  compactionWriteStallMs: number | null;
  compactionMs: number | null;
  /** A request's mean time while a compaction ran over its mean time without one. */
  compactionSlowdown: number | null;
  /** Engine start on the data set's files, up to its address. */
  loadMs: number | null;
  /** Longest time the engine printed nothing (no progress, no address) during that start. */
  loadSilenceMs: number | null;
  journalBytesPerCreate: { shortList: number; longList: number } | null;
}

/** One budget of the issue, checked. `ratio` is value / limit: over 1 is over budget. */
export interface BudgetCheck {
  name: string;
  value: number | null;
  limit: number;
  unit: 'x' | 'ms' | 'count';
  ok: boolean;
}

export const BUDGETS = {
  /** Engine CPU per request at the largest size over the smallest. */
  cpuGrowth: 1.5,
  /** Readers' p99 beside one writer over readers' p99 alone. */
  readersBesideWriter: 2,
  /** No request held more than this by a compaction. */
  compactionStallMs: 50,
  /** Load time of 500,000 products' files. */
  loadMsAt500k: 20_000,
  /** Longest time without a progress line while loading: `npm start` stops waiting after it. */
  loadSilenceMs: 30_000,
  /** Journal bytes per product created in a list of 480 over a list of 10. */
  journalGrowth: 1.25,
} as const;

const check = (name: string, value: number | null, limit: number, unit: BudgetCheck['unit']): BudgetCheck => ({
  name,
  value,
  limit,
  unit,
  ok: value !== null && Number.isFinite(value) && value <= limit,
});

export const sizeLabel = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

/** Every budget of the issue that the measured sizes can decide. */
export function checkBudgets(results: readonly SizeResult[]): BudgetCheck[] {
  const out: BudgetCheck[] = [];
  const sorted = [...results].sort((a, b) => a.products - b.products);
  if (sorted.length >= 2) {
    const small = sorted[0];
    const large = sorted[sorted.length - 1];
    const span = `${sizeLabel(large.products)} vs ${sizeLabel(small.products)}`;
    out.push(check(`product creation: engine CPU per request, ${span}`, large.create.engineCpuMs / small.create.engineCpuMs, BUDGETS.cpuGrowth, 'x'));
    out.push(check(`an offer: engine CPU per request, ${span}`, large.offer.engineCpuMs / small.offer.engineCpuMs, BUDGETS.cpuGrowth, 'x'));
  }
  for (const r of sorted) {
    const at = sizeLabel(r.products);
    out.push(check(`${at}: readers' p99 beside one writer vs alone`, r.readersWithWriterP99Ms / r.readersAloneP99Ms, BUDGETS.readersBesideWriter, 'x'));
    out.push(check(`${at}: longest stall by a compaction`, r.compactionStallMs, BUDGETS.compactionStallMs, 'ms'));
    out.push(check(`${at}: longest stall of a write by a compaction`, r.compactionWriteStallMs, BUDGETS.compactionStallMs, 'ms'));
    if (r.products >= 500_000) out.push(check(`${at}: engine load at restart`, r.loadMs, BUDGETS.loadMsAt500k, 'ms'));
    out.push(check(`${at}: longest silence of the engine while loading (npm start waits 30 s)`, r.loadSilenceMs, BUDGETS.loadSilenceMs, 'ms'));
    const j = r.journalBytesPerCreate;
    out.push(check(`${at}: journal bytes per product creation, list of 480 vs 10`, j ? j.longList / j.shortList : null, BUDGETS.journalGrowth, 'x'));
    const failed = r.create.errors + r.offer.errors;
    out.push(check(`${at}: requests that failed`, failed, 0, 'count'));
  }
  return out;
}

const ms = (v: number | null): string => (v === null || !Number.isFinite(v) ? 'n/a' : v >= 100 ? `${Math.round(v).toLocaleString('en-US')} ms` : `${v.toFixed(1)} ms`);
const bytes = (v: number): string => `${Math.round(v).toLocaleString('en-US')} B`;

/** The table: one column per size. */
export function formatTable(results: readonly SizeResult[]): string {
  const sorted = [...results].sort((a, b) => a.products - b.products);
  const rows: [string, (r: SizeResult) => string][] = [
    ['bulk load through the driver', (r) => ms(r.seedMs)],
    ['product creation, p50 (engine CPU)', (r) => `${ms(r.create.p50Ms)} (${ms(r.create.engineCpuMs)})`],
    ['an offer, p50 (engine CPU)', (r) => `${ms(r.offer.p50Ms)} (${ms(r.offer.engineCpuMs)})`],
    ["readers' p99 alone", (r) => ms(r.readersAloneP99Ms)],
    ["readers' p99 beside one writer", (r) => `${ms(r.readersWithWriterP99Ms)} (${(r.readersWithWriterP99Ms / r.readersAloneP99Ms).toFixed(2)}x)`],
    ['longest stall by a compaction, read / write (compaction)', (r) => `${ms(r.compactionStallMs)} / ${ms(r.compactionWriteStallMs)} (${ms(r.compactionMs)})`],
    ['a request during a compaction vs without', (r) => (r.compactionSlowdown === null ? 'n/a' : `${r.compactionSlowdown.toFixed(2)}x`)],
    ['engine loads its files at restart (longest silence)', (r) => `${ms(r.loadMs)} (${ms(r.loadSilenceMs)})`],
    [
      'journal bytes per creation, list of 10 / 480',
      (r) => (r.journalBytesPerCreate ? `${bytes(r.journalBytesPerCreate.shortList)} / ${bytes(r.journalBytesPerCreate.longList)}` : 'n/a'),
    ],
    ['failed requests (creation + offer)', (r) => String(r.create.errors + r.offer.errors)],
  ];
  const header = ['', ...sorted.map((r) => sizeLabel(r.products))];
  const body = rows.map(([label, cell]) => [label, ...sorted.map(cell)]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** The budgets, one line each, with the ratio to the limit. */
export function formatBudgets(checks: readonly BudgetCheck[]): string {
  return checks
    .map((c) => {
      const show = (x: number) => (c.unit === 'x' ? `${x.toFixed(2)}x` : c.unit === 'count' ? String(x) : ms(x));
      const v = c.value === null || !Number.isFinite(c.value) ? 'not measured' : show(c.value);
      const limit = c.unit === 'x' ? `${c.limit}x` : show(c.limit);
      const ratio = c.value !== null && Number.isFinite(c.value) && c.limit > 0 ? ` (${(c.value / c.limit).toFixed(2)} of the budget)` : '';
      return `${c.ok ? 'ok  ' : 'OVER'} ${c.name}: ${v}, budget ${limit}${ratio}`;
    })
    .join('\n');
}
