// `npm run bench:bundle`: gzip size of the JavaScript loaded for the first view of /en (measured in
// Chromium through the gateway), and of each remote's build (entry alone, and all of its JS).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const gateway = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'wishlist-bench-')), VITE_DEACTIVATE_AFFILIATION: 'true', LOG_LEVEL: 'silent' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/remotes.json`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 150) throw new Error('gateway did not start');
  await new Promise((r) => setTimeout(r, 200));
}

const { chromium } = await import('@playwright/test');
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const width of [1280, 360]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const scripts = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || res.url().endsWith('.js')) {
        try {
          scripts.push({ url: res.url().replace(base, ''), gz: gz(await res.body()) });
        } catch {
          /* redirected or aborted */
        }
      }
    });
    await page.goto(`${base}/en`, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(300);
    const total = scripts.reduce((s, x) => s + x.gz, 0);
    const byOwner = {};
    for (const s of scripts) {
      const owner = s.url.startsWith('/remotes/') ? `remote ${s.url.split('/')[2]}` : 'shell';
      byOwner[owner] = (byOwner[owner] ?? 0) + s.gz;
    }
    console.log(`\nFirst view of /en at ${width} px: ${scripts.length} scripts, ${kb(total)} gzip`);
    for (const [owner, size] of Object.entries(byOwner)) console.log(`  ${owner.padEnd(24)} ${kb(size)}`);
    await page.close();
  }
} finally {
  await browser.close();
  gateway.kill('SIGTERM');
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
