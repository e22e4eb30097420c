// The arithmetic of `npm run bench:lighthouse`, apart from Lighthouse: medians of the runs, ratios to
// the floor measured in the same run, and the budgets as ratios to that floor. The host's
// speed moves every absolute figure (Lighthouse's simulated throttling multiplies the host's own CPU
// time), so the product's pages are judged against the bare page measured beside them.

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values) {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The figures each run gives, by name: what the table prints and the budgets read. */
export const FIGURES = ['score', 'lcp', 'tbt', 'mainThread', 'cls', 'js', 'benchmarkIndex'];

/** The median of each figure over a page's runs. */
export function mediansOf(runs) {
  return Object.fromEntries(FIGURES.map((f) => [f, median(runs.map((r) => r[f]))]));
}

/** A page's figures against the floor's: ratios of medians, and the score's difference in points. */
export function versusFloor(page, floor) {
  if (!floor) return null;
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : NaN);
  return {
    mainThread: ratio(page.mainThread, floor.mainThread),
    lcp: ratio(page.lcp, floor.lcp),
    tbt: ratio(page.tbt, floor.tbt),
    scoreBehind: floor.score - page.score,
  };
}

/**
 * The budgets, by page key. `vsFloor` budgets are ratios to the floor's mobile medians of the
 * same run; the others are absolute (a desktop score, CLS everywhere).
 */
export const BUDGETS = {
  'see-mobile': { vsFloor: { mainThread: 2.0, lcp: 1.25, scoreBehind: 5 } },
  'en-mobile': { vsFloor: { mainThread: 2.0, lcp: 1.25, scoreBehind: 5 } },
  'owner-mobile': { vsFloor: { mainThread: 3.0 } },
  'see-desktop': { minScore: 98 },
  'en-desktop': { minScore: 98 },
};
/** CLS, for every page of the product. */
export const MAX_CLS = 0.02;

const LABELS = { mainThread: 'main-thread work', lcp: 'LCP', scoreBehind: 'score behind the floor' };

/**
 * The budgets a page's medians exceed, as sentences (none: within budget). A ratio budget with no
 * floor measured is itself a failure: the page cannot be judged.
 */
export function overBudget(key, page, floor) {
  const out = [];
  const budget = BUDGETS[key] ?? {};
  if (Number.isFinite(page.cls) && page.cls > MAX_CLS) out.push(`CLS ${page.cls.toFixed(3)} > ${MAX_CLS}`);
  if (budget.minScore !== undefined && !(page.score >= budget.minScore)) out.push(`score ${page.score} < ${budget.minScore}`);
  if (budget.vsFloor) {
    const vs = versusFloor(page, floor);
    if (!vs) {
      out.push('no floor measured to compare with');
      return out;
    }
    for (const [figure, limit] of Object.entries(budget.vsFloor)) {
      const value = vs[figure];
      if (figure === 'scoreBehind') {
        if (!(value <= limit)) out.push(`${LABELS[figure]} ${value} points > ${limit}`);
      } else if (!(value <= limit)) {
        out.push(Number.isFinite(value) ? `${LABELS[figure]} ${value.toFixed(2)}x the floor's > ${limit}x` : `${LABELS[figure]} unmeasured (budget ${limit}x the floor's)`);
      }
    }
  }
  return out;
}

/**
 * The order the pages are measured in during round `round`: every round measures each page once,
 * starting one page further on, so no page is always measured right after the same one (a machine
 * that slows down over a round weighs on every page alike).
 */
export function roundOrder(keys, round) {
  const n = keys.length;
  if (n === 0) return [];
  const start = round % n;
  return [...keys.slice(start), ...keys.slice(0, start)];
}
