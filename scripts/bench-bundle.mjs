// `npm run bench:bundle`: gzip size of the JavaScript run for the first view of /see/{id} (a
// shared list of 50 products, as a visitor opens it from a message) and of /en, measured in Chromium
// through the whole product (scripts/bench-stack.mjs), against the budgets (170 and 150 kB),
// and of each app's build (entry alone, and all of its JS). `-- --scripts` lists every script. What
// the page prefetches for later (not run) is printed beside, outside the budget.
// Also printed: the bytes on the wire as Chromium received them (brotli the build wrote).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSeededStack } from './bench-stack.mjs';

const root = new URL('..', import.meta.url).pathname;
const apps = ['shell', ...readdirSync(root).filter((d) => d.startsWith('remote-') && existsSync(join(root, d, 'package.json')))];
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

for (const app of apps) {
  if (!existsSync(join(root, app, 'dist'))) {
    console.log(`building ${app}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(1);
  }
}

const LIST_SCRIPTS = process.argv.includes('--scripts');
const { base, listId, stop } = await startSeededStack({ log: () => undefined });
const pages = [
  { label: '/see/{id}', path: `/see/${listId}`, budget: 170 * 1024, ready: '.lists-card' },
  { label: '/en', path: '/en', budget: 150 * 1024, ready: 'main h1' },
];

const { chromium } = await import('@playwright/test');
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let overBudget = false;
try {
  for (const p of pages) {
    for (const width of [360, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const scripts = [];
      const prefetched = [];
      page.on('response', async (res) => {
        const type = res.request().resourceType();
        if (res.url().startsWith(base) && (type === 'script' || res.url().endsWith('.js'))) {
          try {
            const body = await res.body();
            // Content-Length when the gateway sent a file (the build's .br), else what Chromium counted.
            const length = Number(res.headers()['content-length']);
            const wire = Number.isFinite(length) && length >= 0 ? length : Math.max(0, (await res.request().sizes()).responseBodySize);
            // A prefetch (resource type `other`) is fetched when the network is idle and not run: the
            // app's code, waiting for a visitor's first sign of use (shell/src/firstView/intent.ts).
            const entry = { url: res.url().replace(base, ''), gz: gz(body), wire, encoding: res.headers()['content-encoding'] ?? 'identity' };
            (type === 'script' ? scripts : prefetched).push(entry);
          } catch {
            /* redirected or aborted */
          }
        }
      });
      await page.goto(`${base}${p.path}`, { waitUntil: 'networkidle' });
      await page.locator(p.ready).first().waitFor({ timeout: 15000 });
      await page.waitForLoadState('networkidle');
      const total = scripts.reduce((s, x) => s + x.gz, 0);
      const byOwner = {};
      for (const s of scripts) {
        const owner = s.url.startsWith('/remotes/') ? `remote ${s.url.split('/')[2]}` : 'shell';
        byOwner[owner] = (byOwner[owner] ?? 0) + s.gz;
      }
      const verdict = total <= p.budget ? 'within' : 'OVER';
      if (total > p.budget) overBudget = true;
      const wire = scripts.reduce((s, x) => s + x.wire, 0);
      const encodings = [...new Set(scripts.map((x) => x.encoding))].join(', ');
      console.log(`\nFirst view of ${p.label} at ${width} px: ${scripts.length} scripts, ${kb(total)} gzip (${verdict} the ${kb(p.budget)} budget); ${kb(wire)} on the wire (${encodings})`);
      for (const [owner, size] of Object.entries(byOwner)) console.log(`  ${owner.padEnd(24)} ${kb(size)}`);
      if (prefetched.length) console.log(`  prefetched, not run: ${prefetched.length} scripts, ${kb(prefetched.reduce((n, x) => n + x.gz, 0))} gzip, ${kb(prefetched.reduce((n, x) => n + x.wire, 0))} on the wire`);
      if (LIST_SCRIPTS) for (const s of [...scripts].sort((x, y) => y.gz - x.gz)) console.log(`    ${kb(s.gz).padStart(9)}  ${kb(s.wire).padStart(9)} ${s.encoding.padEnd(8)} ${s.url}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await stop();
}

const walk = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
console.log('\nBuilds (all JavaScript each emits, gzip -9):');
for (const app of apps) {
  const js = walk(join(root, app, 'dist')).filter((f) => f.endsWith('.js'));
  const all = js.reduce((s, f) => s + gz(readFileSync(f)), 0);
  const entry = js.find((f) => f.endsWith('remoteEntry.js'));
  console.log(`  ${app.padEnd(22)} ${String(js.length).padStart(3)} files ${kb(all).padStart(10)}${entry ? `   remoteEntry.js ${kb(gz(readFileSync(entry)))}` : ''}`);
}
process.exit(overBudget ? 1 : 0);
