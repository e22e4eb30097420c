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
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
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
const PRODUCTS = 50;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url, what, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await sleep(300);
  }
}

// Ports: the gateway's free port, the services on +11..+13 (as the e2e stack), the shop apart.
let port;
for (;;) {
  port = await freePort();
  if (port < 60000) break;
}
const shopPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const shop = `http://127.0.0.1:${shopPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wishlist-lighthouse-'));
const children = [];
const stopAll = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

children.push(spawn(process.execPath, ['e2e/shop/server.mjs', String(shopPort)], { cwd: root, stdio: 'ignore' }));
const stack = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    AUTH_PORT: String(port + 11),
    LISTS_PORT: String(port + 12),
    OFFERS_PORT: String(port + 13),
    DATA_DIR: dataDir,
    PAGE_FETCH_ALLOWLIST: `127.0.0.1:${shopPort}`,
    CSP_IMG_SRC_EXTRA: shop,
    LOG_LEVEL: 'warn',
    // The bench signs one person in; the sign-in limits stay as they are.
  },
});
children.push(stack);
console.log(`starting the product on ${base} (front ends are built first when stale)…`);
await waitFor(`${shop}/`, 'the shop', 30_000);
await waitFor(`${base}/api/health`, 'the product', 600_000);

// Sign in through the API and the local outbox, as a person would with the link.
const email = `bench-${Date.now()}@example.com`;
const tokenName = `t${Date.now()}-bench${Math.random().toString(36).slice(2)}`;
const api = async (method, path, body, bearer) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
};
const bearer = (await api('POST', '/api/tokens', { email, tokenName })).token;
let code;
for (let i = 0; i < 50 && !code; i++) {
  const mails = await (await fetch(`${base}/dev/mails`)).json();
  const mail = mails.find((m) => m.to.includes(email));
  code = mail && /\/validate-email\/[^/\s"<>]+\/([^/\s"<>]+)/.exec(mail.text)?.[1];
  if (!code) await sleep(200);
}
if (!code) throw new Error('no sign-in mail in the outbox');
await api('PUT', '/api/tokens', { tokenName, validationCode: code }, bearer);

// 50 products: real names and prices from the fixtures' expectations when ../shared is there.
const manifestPath = join(root, '..', 'shared', 'fixtures', 'product-pages', 'manifest.json');
const real = [];
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const entry of manifest.files ?? manifest.pages ?? manifest) {
    const e = entry.expected ?? {};
    if (typeof e.title === 'string' && e.title.length <= 200) real.push({ name: e.title, price: Number(e.price) > 0 ? Math.round(Number(e.price) * 100) : null });
  }
}
const slugs = ['teapot', 'lamp', 'scarf', 'mug', 'book', 'chair'];
const lists = await api('GET', '/api/product-lists', undefined, bearer);
const listId = lists.data.find((l) => l.isOwner).id;
for (let i = 0; i < PRODUCTS; i++) {
  const r = real[i % Math.max(1, real.length)] ?? { name: `Product ${i + 1}`, price: 1990 + i * 100 };
  const slug = slugs[i % slugs.length];
  await api(
    'POST',
    '/api/products-in-lists',
    { name: r.name, price: r.price, image: `${shop}/images/${slug}${String.fromCharCode(97 + (i % 26))}-large.png`, url: `${shop}/products/${slug}.html?i=${i}`, productListId: listId },
    bearer,
  );
}
console.log(`seeded ${PRODUCTS} products (${real.length ? 'names and prices of the real shop fixtures' : 'generated names'}) in list ${listId}`);

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
stopAll();
await sleep(500);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
