import { checkBudgets, compactionStall, cpuMsFromStat, formatBudgets, formatTable, percentile, type SizeResult } from './stats';

describe('percentile', () => {
  it('is the nearest rank, whatever the order of the values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('cpuMsFromStat', () => {
  it('adds user and system time, even when the command name holds spaces and parentheses', () => {
    const fields = ['S', '1', '1', '1', '0', '-1', '4194560', '100', '0', '0', '0', '250', '50', '0', '0', '20', '0'];
    expect(cpuMsFromStat(`1234 (node) ${fields.join(' ')}`)).toBe(3000);
    expect(cpuMsFromStat(`1234 (a (weird) name) ${fields.join(' ')}`, 1000)).toBe(300);
    expect(() => cpuMsFromStat('garbage')).toThrow(/stat/);
  });
});

describe('compactionStall', () => {
  const span = (startMs: number, ms: number) => ({ startMs, endMs: startMs + ms, ms });
  it('counts what the compaction adds to the longest request, not the usual hiccups of the window', () => {
    // A compaction from 100 to 200 ms; the window after it is 200..300.
    const probes = [span(0, 10), span(95, 40), span(140, 70), span(210, 10), span(220, 50), span(280, 10), span(320, 90)];
    const r = compactionStall(probes, { startMs: 100, endMs: 200 });
    expect(r?.stallMs).toBe(20); // 70 during against 50 in the window after (the 90 at 320 is past it)
    expect(r?.slowdown).toBeCloseTo(55 / (70 / 3));
  });

  it('is never negative, and unknown without requests on both sides', () => {
    expect(compactionStall([span(150, 10), span(220, 60)], { startMs: 100, endMs: 200 })?.stallMs).toBe(0);
    expect(compactionStall([span(150, 10)], { startMs: 100, endMs: 200 })).toBeNull();
    expect(compactionStall([span(220, 10)], { startMs: 100, endMs: 200 })).toBeNull();
  });
});

const result = (products: number, over: Partial<SizeResult> = {}): SizeResult => ({
  products,
  seedMs: 1000,
  create: { p50Ms: 20, engineCpuMs: 2, errors: 0 },
  offer: { p50Ms: 50, engineCpuMs: 8, errors: 0 },
  readersAloneP99Ms: 30,
  readersWithWriterP99Ms: 40,
  compactionStallMs: 10,
  compactionWriteStallMs: 20,
  compactionMs: 100,
  compactionSlowdown: 1.5,
  loadMs: 1000,
  loadSilenceMs: 1000,
  journalBytesPerCreate: { shortList: 1000, longList: 1100 },
  ...over,
});

describe('checkBudgets', () => {
  it('passes flat figures', () => {
    const checks = checkBudgets([result(1000), result(500_000, { loadMs: 15_000 })]);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.name)).toContain('500k: engine load at restart');
  });

  it('fails each figure that grows with the data, and what could not be measured', () => {
    const checks = checkBudgets([
      result(1000),
      result(500_000, {
        create: { p50Ms: 2000, engineCpuMs: 150, errors: 0 },
        offer: { p50Ms: 9000, engineCpuMs: 13, errors: 3 },
        readersWithWriterP99Ms: 1449,
        compactionStallMs: null,
        compactionWriteStallMs: 190,
        loadMs: 299_000,
        loadSilenceMs: 299_000,
        journalBytesPerCreate: { shortList: 1000, longList: 8800 },
      }),
    ]);
    const over = checks.filter((c) => !c.ok).map((c) => c.name);
    expect(over).toEqual([
      'product creation: engine CPU per request, 500k vs 1k',
      'an offer: engine CPU per request, 500k vs 1k',
      "500k: readers' p99 beside one writer vs alone",
      '500k: longest stall by a compaction',
      '500k: longest stall of a write by a compaction',
      '500k: engine load at restart',
      '500k: longest silence of the engine while loading (npm start waits 30 s)',
      '500k: journal bytes per product creation, list of 480 vs 10',
      '500k: requests that failed',
    ]);
    expect(checks[0].value).toBe(75);
  });

  it('compares CPU only when two sizes ran, and checks the load time at 500k only', () => {
    const names = checkBudgets([result(1000, { loadMs: 60_000 })]).map((c) => c.name);
    expect(names.some((n) => n.includes('engine CPU'))).toBe(false);
    expect(names.some((n) => n.includes('load at restart'))).toBe(false);
    expect(names).toContain('1k: longest silence of the engine while loading (npm start waits 30 s)');
  });
});

describe('formatting', () => {
  it('prints one column per size, and each budget with its ratio', () => {
    const table = formatTable([result(10_000), result(1000)]);
    expect(table.split('\n')[0]).toMatch(/^\|\s+\| 1k\s+\| 10k\s+\|$/);
    expect(table).toContain('product creation, p50 (engine CPU)');
    expect(table).toContain('20.0 ms (2.0 ms)');
    const budgets = formatBudgets(checkBudgets([result(1000), result(10_000, { create: { p50Ms: 20, engineCpuMs: 4, errors: 0 } })]));
    expect(budgets).toContain('OVER product creation: engine CPU per request, 10k vs 1k: 2.00x, budget 1.5x (1.33 of the budget)');
    expect(budgets).toContain('ok   1k: requests that failed: 0, budget 0');
    expect(budgets).toContain('ok   1k: longest stall by a compaction: 10.0 ms, budget 50.0 ms (0.20 of the budget)');
  });
});
