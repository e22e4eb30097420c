// The web app is installable. The shell's manifest is served and valid (Chromium
// parses it and finds nothing that stops installation), the Workbox service worker registers and
// controls the page, the offline page appears only when a navigation fails for lack of network,
// nothing but content-hashed files (and the offline page) is ever cached, and a new deployment of
// the shell is picked up on the next load (its new worker takes over at once).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORT } from '../playwright.config';
import { buildRemoteVariant, liveCopyOf, removeTemporaryDirs, startGateway, type Gateway } from './deploy-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow, mainHeading } from './helpers';

/** Waits until this page's service worker is active and controls the page. */
async function controlledBy(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 }).toBe('activated');
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** The path of every response in every Cache Storage cache of the page's origin. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) out.push(new URL(request.url).pathname);
    }
    return out.sort();
  });
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (b: Buffer) => `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;

test('the manifest is served, valid for Chromium, with its icons and the Android share_target', async ({ page }) => {
  await page.goto('/en');
  await expect(mainHeading(page)).toBeVisible();
  // The service worker registers once the app runs: on a visitor's home page, at their first sign of use.
  await expectAppShown(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Wishlist', short_name: 'Wishlist', start_url: '/', scope: '/', display: 'standalone', theme_color: '#5b21b6', background_color: '#faf8ff' });
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'GET',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  });
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const png = await page.request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toBe(icon.sizes);
  }
  expect(manifest.icons.filter((i: { purpose: string }) => i.purpose === 'maskable').length).toBeGreaterThan(0);

  // What Chromium itself makes of it: no parse error, nothing that prevents installing.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
  expect(parsed.errors).toEqual([]);
  await controlledBy(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A Playwright context is an incognito profile, where Chromium never installs anything.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('the service worker registers, controls the page, and caches only hashed files and the offline page', async ({ page }) => {
  await page.goto('/en/how-to-add-product');
  await expect(mainHeading(page)).toBeVisible();
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
  // A few navigations through remotes and the API while controlled.
  await page.goto('/en/privacy-policy');
  await expect(mainHeading(page)).toHaveText(/privacy/i);
  await page.goto('/see/000000000000000000000000');
  await page.goto('/en');
  await expect(mainHeading(page)).toBeVisible();
  const cached = await cachedPaths(page);
  expect(cached).toContain('/offline.html');
  const hashed = cached.filter((p) => p !== '/offline.html');
  expect(hashed.length).toBeGreaterThan(0);
  for (const path of hashed) expect(path).toMatch(/\.[0-9a-f]{8,}\.(js|css|png|svg|woff2?)$/);
  // Never the API, the runtime config, a remote manifest or entry, a page.
  expect(cached.filter((p) => /^\/api\/|remotes\.json|mf-manifest\.json|remoteEntry\.js|index\.html/.test(p))).toEqual([]);
});

test('the offline page appears only when a navigation fails for lack of network, in both languages', async ({ page, context }) => {
  await page.goto('/en/how-to-add-product');
  await expect(mainHeading(page)).toBeVisible({ timeout: 20_000 });
  await controlledBy(page);
  // Online, an unknown path is the app's own not-found page, never the offline page.
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByText('You are offline')).toHaveCount(0);

  await context.setOffline(true);
  await page.goto('/en/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vous êtes hors ligne' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Back online, "Try again" loads the page that failed.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/en\/privacy-policy$/);
  await expect(mainHeading(page)).toHaveText(/privacy/i);
  await expectAccessible(page);
});

test.describe('a new deployment of the shell', () => {
  test.describe.configure({ mode: 'serial' });
  // Deployment does not depend on the viewport.
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'deployment does not depend on the viewport');

  let gateway: Gateway;
  let live: string;
  let newBuild: string;
  const MARK = 'Wishlist build 2';

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    live = liveCopyOf('shell');
    [gateway, newBuild] = await Promise.all([
      startGateway(PORT + 7, { SHELL_DIST: live }),
      // The shell team's next build: another offline text, a marker in index.html.
      buildRemoteVariant('shell', (dir) => {
        const offline = join(dir, 'public/offline.html');
        writeFileSync(offline, readFileSync(offline, 'utf8').replace('>You are offline<', `>You are offline (${MARK})<`));
        const index = join(dir, 'index.html');
        writeFileSync(index, readFileSync(index, 'utf8').replace('<title>', `<meta name="wishlist-build" content="${MARK}" />\n    <title>`));
      }),
    ]);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    removeTemporaryDirs();
  });

  test('is picked up on the next load: new page, new worker in control at once, its offline page', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto(`${gateway.url}/en`);
    await expect(mainHeading(page)).toBeVisible();
    await expectAppShown(page);
    await controlledBy(page);
    await expect(page.locator('meta[name="wishlist-build"]')).toHaveCount(0);
    const oldWorker = readFileSync(join(live, 'sw.js'), 'utf8');

    // Deploy: hashed files first, then the unhashed ones (index.html, sw.js, offline.html, …).
    const files = readdirSync(newBuild, { recursive: true }).map(String);
    const hashed = (f: string) => /\.[0-9a-f]{8,}\./.test(f);
    for (const f of files.filter(hashed)) cpSync(join(newBuild, f), join(live, f), { recursive: true });
    for (const f of files.filter((f) => !hashed(f))) cpSync(join(newBuild, f), join(live, f), { recursive: true });
    expect(readFileSync(join(live, 'sw.js'), 'utf8')).not.toBe(oldWorker);

    // The next load, in the same tab still controlled by the old worker: the new page at once.
    // The page notes when another worker takes control of it (listening from the document's start).
    await page.addInitScript(() => {
      navigator.serviceWorker?.addEventListener('controllerchange', () => {
        (window as unknown as { __controllerChanged?: boolean }).__controllerChanged = true;
      });
    });
    await page.reload();
    await expect(mainHeading(page)).toBeVisible();
    await expect(page.locator('meta[name="wishlist-build"]')).toHaveAttribute('content', MARK);
    // That navigation made the browser fetch the new sw.js (no-cache, updateViaCache 'none');
    // skipWaiting + clientsClaim: the new worker takes this very tab over without waiting for it to
    // close, and nothing is left waiting.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __controllerChanged?: boolean }).__controllerChanged ?? false), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(r?.waiting), active: r?.active?.state ?? null };
        }),
      )
      .toEqual({ waiting: false, active: 'activated' });
    // Its precache is the new deployment's: offline, the new offline page.
    await context.setOffline(true);
    await page.goto(`${gateway.url}/en/privacy-policy`);
    await expect(page.getByRole('heading', { level: 1, name: `You are offline (${MARK})` })).toBeVisible({ timeout: 15_000 });
    await context.setOffline(false);
  });
});
