// `npm run bench:lighthouse`: what a phone on slow 4G feels on the pages people open, against the
// floor: the least a page can do to show the same cards.
//
// Starts the whole product (`scripts/start.mjs`, as `npm start`) and the e2e shop on free ports,
// seeds a list of 50 products (bench-stack.mjs), builds the floor (scripts/bench-floor: React and
// react-dom only, the seeded list's cards rendered on the server and hydrated, built by Rsbuild and
// served brotli-compressed as the product's files are), loads every page once uncounted (a warm-up),
// then runs Lighthouse (the npm package, on the Debian Chromium) in rounds: each round measures the
// floor and every page once, in a rotating order, so the floor and the product share whatever the
// machine was doing. It prints, per page, the medians of the performance score, LCP, TBT, main-thread
// work, CLS and JavaScript bytes (as transferred), their ratios to the floor's (mobile), and exits 1
// when a budget is exceeded (bench-floor/budgets.mjs): /see/{id} and /en (mobile) main-thread work
// <= 2x the floor's, LCP <= 1.25x, score at most 5 points behind; the owner's /product-list/{id}
// main-thread work <= 3x; desktop score >= 98 and CLS <= 0.02 everywhere.
//
//   npm run bench:lighthouse [-- --runs 5] [-- --only see-mobile,en-mobile] [-- --save <dir>]
//
// `--only` names pages (see-mobile, see-desktop, en-mobile, en-desktop, owner-mobile); the floor is
// always measured. `--save <dir>` writes each run's Lighthouse report (JSON) there, to see which
// scripts, which request chain and which main-thread work a figure comes from.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededStack, PRODUCTS } from './bench-stack.mjs';
import { buildFloor, startFloorServer } from './bench-floor/server.mjs';
import { BUDGETS, MAX_CLS, mediansOf, median, overBudget, roundOrder, versusFloor } from './bench-floor/budgets.mjs';

const args = process.argv.slice(2);
const argOf = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(argOf('runs', '5'));
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs takes a whole number of runs per page, 1 or more');
  process.exit(2);
}
const ONLY = argOf('only', '')
  .split(',')
  .filter(Boolean);
const SAVE = argOf('save', '');
const PAGE_KEYS = ['floor', 'see-mobile', 'see-desktop', 'en-mobile', 'en-desktop', 'owner-mobile'];
const unknown = ONLY.filter((k) => !PAGE_KEYS.includes(k));
if (unknown.length) {
  console.error(`--only: no page ${unknown.join(', ')} (pages: ${PAGE_KEYS.join(', ')})`);
  process.exit(2);
}

// The floor builds in a second: built first, so a broken floor fails before the product starts.
const floorBuild = buildFloor();
const { base, listId, bearer, stop } = await startSeededStack();
const floor = await startFloorServer({ build: floorBuild, upstream: base, listId });
if (floor.list.products.length !== PRODUCTS) throw new Error(`the floor shows ${floor.list.products.length} products, not ${PRODUCTS}`);
console.log(`floor on ${floor.url} (${floor.list.products.filter((p) => p.picture).length} of ${PRODUCTS} cards with our own picture)`);

const { default: lighthouse, desktopConfig } = await import('lighthouse').then(async (m) => ({
  default: m.default,
  desktopConfig: (await import('lighthouse/core/config/desktop-config.js')).default,
}));
const chromeLauncher = await import('chrome-launcher');
const chromePath = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
// Chromium still calls Google's hosts despite the flags: a proxy that refuses keeps them off the
// network (loopback bypasses it, so the pages load).
const refusingPort = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

const allPages = [
  { key: 'floor', label: 'floor (React, 50 cards), mobile', url: floor.url, desktop: false },
  { key: 'see-mobile', label: `/see/{id} (50 products), mobile`, url: `${base}/see/${listId}`, desktop: false },
  { key: 'see-desktop', label: `/see/{id} (50 products), desktop`, url: `${base}/see/${listId}`, desktop: true },
  { key: 'en-mobile', label: '/en, mobile', url: `${base}/en`, desktop: false },
  { key: 'en-desktop', label: '/en, desktop', url: `${base}/en`, desktop: true },
  { key: 'owner-mobile', label: `owner's /product-list/{id}, mobile`, url: `${base}/product-list/${listId}`, desktop: false, signedIn: true },
];
const pages = allPages.filter((p) => p.key === 'floor' || !ONLY.length || ONLY.includes(p.key));

/** One Lighthouse run of a page: its figures, or null when Lighthouse could not measure it. */
async function measure(p, run) {
  const profile = mkdtempSync(join(tmpdir(), 'wishlist-lh-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir: profile,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--proxy-server=127.0.0.1:${refusingPort}`,
    ],
  });
  try {
    if (p.signedIn) {
      // The owner's page needs the bearer in the browser's storage: set it on the origin first.
      const { chromium } = await import('@playwright/test');
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${base}/en`);
      await page.evaluate((b) => localStorage.setItem('token', JSON.stringify({ name: 'bench', bearer: b })), bearer);
      await page.close();
      await browser.close().catch(() => undefined);
    }
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(p.signedIn) };
    const result = await lighthouse(p.url, flags, p.desktop ? desktopConfig : undefined);
    if (SAVE && run >= 0) {
      mkdirSync(SAVE, { recursive: true });
      writeFileSync(join(SAVE, `${p.key}-${run + 1}.json`), JSON.stringify(result.lhr));
    }
    if (result.lhr.runtimeError) {
      console.log(`  ${p.key} ${run < 0 ? 'warm-up' : `run ${run + 1}`}: ${result.lhr.runtimeError.code}${run < 0 ? '' : ', run again'}`);
      return null;
    }
    const a = result.lhr.audits;
    const scripts = (a['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
    return {
      score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      mainThread: a['mainthread-work-breakdown'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      js: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0),
      scripts: scripts.length,
      benchmarkIndex: result.lhr.environment?.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

// A warm-up first, not counted: the first visit of a picture width has it resized by the lists
// service, and the gateway fills its caches; whichever page came first would pay for the others.
console.log('warm-up: every page once, not counted');
for (const p of pages) await measure(p, -1);

// Rounds: every page once per round, the order rotating. A run Lighthouse itself could not measure
// (NO_NAVSTART, a trace it failed to record) is not a figure: it is run again, at most RUNS more
// times in all for the page.
const runs = new Map(pages.map((p) => [p.key, []]));
const failures = new Map(pages.map((p) => [p.key, 0]));
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
for (let round = 0; round < RUNS; round++) {
  const order = roundOrder(
    pages.map((p) => p.key),
    round,
  );
  for (const key of order) {
    const p = pages.find((x) => x.key === key);
    for (;;) {
      const r = await measure(p, round);
      if (r) {
        runs.get(key).push(r);
        console.log(`  round ${round + 1}/${RUNS} ${key.padEnd(12)} score ${r.score}, LCP ${s(r.lcp)}, TBT ${Math.round(r.tbt)} ms, main thread ${s(r.mainThread)}`);
        break;
      }
      failures.set(key, failures.get(key) + 1);
      if (failures.get(key) > RUNS) break;
    }
  }
}
await floor.close();

// The table: absolute medians, then the ratios to the floor's (mobile pages).
const medians = new Map([...runs].filter(([, r]) => r.length).map(([k, r]) => [k, mediansOf(r)]));
const floorM = medians.get('floor');
const col = (v, w) => String(v).padStart(w);
console.log(
  `\n${'page'.padEnd(36)}${col('score', 6)}${col('LCP', 9)}${col('TBT', 9)}${col('main thr.', 11)}${col('CLS', 7)}${col('JS kB', 7)}  |${col('main thr.', 10)}${col('LCP', 7)}${col('score', 7)}  (vs the floor)`,
);
for (const p of pages) {
  const m = medians.get(p.key);
  if (!m) {
    console.log(`${p.label.padEnd(36)} no run Lighthouse could measure`);
    continue;
  }
  const vs = !p.desktop && p.key !== 'floor' ? versusFloor(m, floorM) : null;
  const x = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : '-');
  console.log(
    `${p.label.padEnd(36)}${col(m.score, 6)}${col(s(m.lcp), 9)}${col(`${Math.round(m.tbt)} ms`, 9)}${col(s(m.mainThread), 11)}${col(m.cls.toFixed(3), 7)}${col((m.js / 1024).toFixed(0), 7)}  |${
      vs ? `${col(x(vs.mainThread), 10)}${col(x(vs.lcp), 7)}${col(`${vs.scoreBehind > 0 ? '-' : '+'}${Math.abs(vs.scoreBehind)}`, 7)}` : ' '.repeat(24)
    }  [scores: ${runs
      .get(p.key)
      .map((r) => r.score)
      .join(', ')}]`,
  );
}
const indexes = [...runs.values()].flat().map((r) => r.benchmarkIndex).filter(Number.isFinite);
if (indexes.length) {
  console.log(
    `\nhost speed (Lighthouse benchmarkIndex) over the ${indexes.length} runs: median ${Math.round(median(indexes))}, ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}: the absolute figures move with it, the ratios much less`,
  );
}

// Budgets: ratios to the floor of this run, mobile; desktop score and CLS absolute.
const over = [];
for (const p of pages) {
  if (!(p.key in BUDGETS)) continue;
  const m = medians.get(p.key);
  if (!m) {
    over.push(`${p.label}: no run Lighthouse could measure`);
    continue;
  }
  for (const why of overBudget(p.key, m, floorM)) over.push(`${p.label}: ${why}`);
}
console.log(
  `\nmedians of ${RUNS} runs, interleaved with the floor; budgets: /see and /en mobile main thread <= 2x the floor's, LCP <= 1.25x, score <= 5 points behind; owner's list main thread <= 3x; desktop score >= 98; CLS <= ${MAX_CLS}`,
);
if (over.length) {
  console.log(`OVER BUDGET:\n${over.map((o) => `  - ${o}`).join('\n')}`);
} else {
  console.log('within budget');
}
await stop();
process.exit(over.length ? 1 : 0);
