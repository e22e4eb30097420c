// `npm run bench:lighthouse` (issue 13): what a phone on slow 4G feels on the pages people open.
//
// Starts the whole product (`scripts/start.mjs`, as `npm start`) and the e2e shop on free ports,
// seeds a list of 50 products (names and prices from the real shop pages of ../shared/fixtures when
// present; 1,600 px pictures served by the local shop), then runs Lighthouse (the npm package, on
// the Debian Chromium) three times per page and prints the medians of the performance score, LCP,
// TBT, CLS and JavaScript bytes (gzip, as transferred) for /see/{id} and /en on the mobile and
// desktop presets, and for the owner's /product-list/{id}. Run it on a quiet machine.
//
//   npm run bench:lighthouse [-- --runs 3] [-- --only see-mobile,en-mobile] [-- --save <dir>]
//
// `--save <dir>` writes each run's Lighthouse report (JSON) there, to see which scripts, which
// request chain and which main-thread work a figure comes from.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededStack } from './bench-stack.mjs';

const args = process.argv.slice(2);
const argOf = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(argOf('runs', '3'));
const ONLY = argOf('only', '')
  .split(',')
  .filter(Boolean);
const SAVE = argOf('save', '');

const { base, listId, bearer, stop } = await startSeededStack();

// Lighthouse, three runs per page, medians.
const { default: lighthouse, desktopConfig } = await import('lighthouse').then(async (m) => ({
  default: m.default,
  desktopConfig: (await import('lighthouse/core/config/desktop-config.js')).default,
}));
const chromeLauncher = await import('chrome-launcher');
const chromePath = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const pages = [
  { key: 'see-mobile', label: `/see/{id} (50 products), mobile`, path: `/see/${listId}`, desktop: false },
  { key: 'see-desktop', label: `/see/{id} (50 products), desktop`, path: `/see/${listId}`, desktop: true },
  { key: 'en-mobile', label: '/en, mobile', path: '/en', desktop: false },
  { key: 'en-desktop', label: '/en, desktop', path: '/en', desktop: true },
  { key: 'owner-mobile', label: `owner's /product-list/{id}, mobile`, path: `/product-list/${listId}`, desktop: false, signedIn: true },
].filter((p) => !ONLY.length || ONLY.includes(p.key));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const results = [];
for (const p of pages) {
  const runs = [];
  // A run Lighthouse itself could not measure (e.g. NO_NAVSTART, a trace it failed to record) is
  // not a figure: it is run again, at most RUNS more times in all for the page.
  let failedRuns = 0;
  for (let run = 0; run < RUNS; run++) {
    const profile = mkdtempSync(join(tmpdir(), 'wishlist-lh-profile-'));
    const chrome = await chromeLauncher.launch({
      chromePath,
      userDataDir: profile,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      if (p.signedIn) {
        // The owner's page needs the bearer in the browser's storage: set it on the origin first.
        const { chromium } = await import('@playwright/test');
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const context = browser.contexts()[0];
        const page = await context.newPage();
        await page.goto(`${base}/en`);
        await page.evaluate((b) => localStorage.setItem('token', JSON.stringify({ name: 'bench', bearer: b })), bearer);
        await page.close();
        await browser.close().catch(() => undefined);
      }
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(p.signedIn) };
      const result = await lighthouse(`${base}${p.path}`, flags, p.desktop ? desktopConfig : undefined);
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(join(SAVE, `${p.key}-${run + 1}.json`), JSON.stringify(result.lhr));
      }
      if (result.lhr.runtimeError) {
        console.log(`  ${p.key} run ${run + 1}: ${result.lhr.runtimeError.code}, run again`);
        if (++failedRuns <= RUNS) run--;
        continue;
      }
      const a = result.lhr.audits;
      const scripts = (a['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
      runs.push({
        score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
        cls: a['cumulative-layout-shift'].numericValue,
        js: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0),
        scripts: scripts.length,
      });
    } finally {
      await chrome.kill();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  if (runs.length === 0) {
    console.log(`${p.label.padEnd(40)} no run Lighthouse could measure`);
    continue;
  }
  const m = {
    page: p.label,
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    js: median(runs.map((r) => r.js)),
    scripts: median(runs.map((r) => r.scripts)),
  };
  results.push(m);
  console.log(
    `${m.page.padEnd(40)} score ${String(m.score).padStart(3)}  LCP ${(m.lcp / 1000).toFixed(1)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}  JS ${(m.js / 1024).toFixed(0)} kB (${m.scripts} scripts)  [runs: ${runs.map((r) => r.score).join(', ')}]`,
  );
}

console.log('\nmedians of', RUNS, 'runs; targets (issue 13): mobile score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02; desktop ≥ 98; owner list ≥ 90');
await stop();
process.exit(0);
