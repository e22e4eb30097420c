// Releases of a remote, kept and switchable (scripts/deploy-remote.mjs): the content team builds a
// changed remote-content (another headline) once, then
//  1. deploys it with --preview: an ordinary browser still gets the live headline, a browser that
//     opened the printed preview link gets the new one (and the shell logs it as a preview); after
//     --promote everyone gets it and /remotes.json names the new version;
//  2. deploys it as the live release, then --rollback: the next page shows the old headline again,
//     /remotes.json names the old version, and a tab opened before the switch keeps working.
// Each journey has its own gateway and live copy of remote-content (PORT+7, PORT+8).
// Desktop only: deployment does not depend on the viewport (the content pages' own journeys cover 360 px).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORT } from '../playwright.config';
import { ROOT, buildRemoteVariant, deployRemote, fileHashes, liveCopyOf, releaseCommand, removeTemporaryDirs, startGateway, type Gateway } from './deploy-helpers';
import { expectAppShown, mainHeading } from './helpers';

const LIVE_HEADLINE = /^The wish list for every occasion/;
const NEW_HEADLINE = 'Released anew: the wish list for every occasion';

test.describe.configure({ mode: 'serial' });

let previewGateway: Gateway;
let rollbackGateway: Gateway;
let previewLive: string;
let rollbackLive: string;
let newBuild: string;

test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'deployment does not depend on the viewport');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  previewLive = liveCopyOf('remote-content');
  rollbackLive = liveCopyOf('remote-content');
  [previewGateway, rollbackGateway, newBuild] = await Promise.all([
    startGateway(PORT + 7, { REMOTE_CONTENT_DIST: previewLive }),
    startGateway(PORT + 8, { REMOTE_CONTENT_DIST: rollbackLive }),
    buildRemoteVariant('remote-content', (dir) => {
      const file = join(dir, 'src/locales/en/home.json');
      const home = JSON.parse(readFileSync(file, 'utf8'));
      home.headline.accessible = NEW_HEADLINE;
      home.headline.prefix = 'Released anew: the wish list for your';
      writeFileSync(file, JSON.stringify(home, null, 2));
    }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([previewGateway?.stop(), rollbackGateway?.stop()]);
  removeTemporaryDirs();
});

interface Listing {
  name: string;
  entry: string;
  version?: string;
  preview?: boolean;
}
/** remote_content's entry in /remotes.json as this context's browser gets it (its cookies). */
async function contentListing(context: BrowserContext, gateway: Gateway): Promise<Listing> {
  const body = (await (await context.request.get(`${gateway.url}/remotes.json`)).json()) as { remotes: Listing[] };
  return body.remotes.find((r) => r.name === 'remote_content')!;
}

/** Collects 4xx/5xx or failed requests under /remotes/ and page errors. */
function watchForBrokenChunks(page: Page): string[] {
  const broken: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/remotes/') && r.status() >= 400) broken.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // A load cut short by this test's own next navigation is not a broken file.
    if (r.url().includes('/remotes/') && r.failure()?.errorText !== 'net::ERR_ABORTED') broken.push(`failed ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('pageerror', (e) => broken.push(`page error: ${e.message}`));
  return broken;
}

/** A fresh browser (no cookies) on the home page. */
async function freshHome(browser: Browser, gateway: Gateway): Promise<{ context: BrowserContext; page: Page; broken: string[]; logs: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const broken = watchForBrokenChunks(page);
  const logs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'info' && m.text().startsWith('[wishlist] remotes:')) logs.push(m.text());
  });
  await page.goto(`${gateway.url}/en`);
  await expect(mainHeading(page)).toBeVisible();
  // A tab in use: the app has started (a visitor's home page starts it at their first sign of use).
  await expectAppShown(page);
  return { context, page, broken, logs };
}

test('a release deployed for preview is seen only by the browser that opened its link, until promoted', async ({ browser }) => {
  test.setTimeout(180_000);
  const gw = previewGateway;
  const everyone = await freshHome(browser, gw);
  await expect(mainHeading(everyone.page)).toHaveAccessibleName(LIVE_HEADLINE);
  const liveVersion = (await contentListing(everyone.context, gw)).version!;
  expect(liveVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
  expect(everyone.logs.join('\n')).toContain(`remote_content ${liveVersion}`);

  const report = await releaseCommand('--preview', newBuild, previewLive, '--public-url', gw.url);
  const version = /as release (\S+) \(not live\)/.exec(report)![1];
  const link = /^preview: (\S+)$/m.exec(report)![1];
  expect(version).not.toBe(liveVersion);
  expect(link.startsWith(`${gw.url}/remotes/content/preview/`)).toBe(true);

  // Someone who opened the link: the new release, in the page and in /remotes.json.
  const previewer = await freshHome(browser, gw);
  await previewer.page.goto(link);
  await expect(previewer.page).toHaveURL(new RegExp(`^${gw.url}/`));
  await previewer.page.goto(`${gw.url}/en`);
  await expect(mainHeading(previewer.page)).toHaveAccessibleName(NEW_HEADLINE);
  expect(await contentListing(previewer.context, gw)).toMatchObject({ version, preview: true });
  await expect.poll(() => previewer.logs.join('\n')).toContain(`remote_content ${version} (preview)`);
  const cookies = await previewer.context.cookies(gw.url);
  expect(cookies.find((c) => c.name === 'wishlist-preview-content')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // Everyone else: still the live release, on a reload and in a new browser.
  await everyone.page.reload();
  await expect(mainHeading(everyone.page)).toHaveAccessibleName(LIVE_HEADLINE);
  expect(await contentListing(everyone.context, gw)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: liveVersion });
  const stranger = await freshHome(browser, gw);
  await expect(mainHeading(stranger.page)).toHaveAccessibleName(LIVE_HEADLINE);

  // Promoted: everyone gets it, and /remotes.json names it (no longer a preview).
  const promoted = await releaseCommand('--promote', version, previewLive);
  expect(promoted).toContain(`release ${version} is live`);
  await everyone.page.reload();
  await expect(mainHeading(everyone.page)).toHaveAccessibleName(NEW_HEADLINE);
  expect(await contentListing(everyone.context, gw)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version });
  expect(await contentListing(previewer.context, gw)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version });
  const list = await releaseCommand('--list', previewLive);
  expect(list).toMatch(new RegExp(`^\\* ${version.replace('+', '\\+')} .*\\(live\\)$`, 'm'));
  expect(list).toContain(liveVersion);
  for (const w of [everyone, previewer, stranger]) expect(w.broken).toEqual([]);
});

test('a rollback makes the previous release live again at once; a tab opened before keeps working', async ({ browser }) => {
  test.setTimeout(180_000);
  const gw = rollbackGateway;
  const probe = await browser.newContext();
  const oldVersion = (await contentListing(probe, gw)).version!;

  const deployStarted = Date.now();
  const report = await deployRemote(newBuild, rollbackLive);
  const deployMs = Date.now() - deployStarted;
  const version = /as release (\S+) \(live\)/.exec(report)![1];
  expect(await contentListing(probe, gw)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version });

  // A tab opened on the new release, before the switch back.
  const before = await freshHome(browser, gw);
  await expect(mainHeading(before.page)).toHaveAccessibleName(NEW_HEADLINE);

  const rollbackStarted = Date.now();
  const rolledBack = await releaseCommand('--rollback', rollbackLive);
  const rollbackMs = Date.now() - rollbackStarted;
  expect(rolledBack).toMatch(new RegExp(`from ${version.replace('+', '\\+')} to ${oldVersion.replace('+', '\\+')} in [\\d.]+ ms`));
  // Reported, not asserted: the rollback against the deploy of the same release, same run (as the
  // script times them, and wall time with node's start).
  const inScript = (out: string) => Number(/ in ([\d.]+) ms/.exec(out)![1]);
  console.log(
    `[deploy-releases] ${rolledBack.trim()}; rollback/deploy: in script ${inScript(rolledBack)}/${inScript(report)} ms = ${(inScript(rolledBack) / inScript(report)).toFixed(2)}, wall ${rollbackMs}/${deployMs} ms = ${(rollbackMs / deployMs).toFixed(2)}`,
  );

  // The next page load: the old headline, and /remotes.json names the old version.
  const after = await freshHome(browser, gw);
  await expect(mainHeading(after.page)).toHaveAccessibleName(LIVE_HEADLINE);
  expect(await contentListing(probe, gw)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: oldVersion });

  // The tab opened before navigates to another page of the remote: its entry (the new release's)
  // asks for that release's chunks, which are still there.
  const loads: string[] = [];
  before.page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/content/static/') && r.status() === 200) loads.push(path.slice('/remotes/content/'.length));
  });
  await before.page.getByRole('contentinfo').getByRole('link', { name: /privacy/i }).click();
  await expect(before.page).toHaveURL(/\/en\/privacy-policy$/);
  await expect(mainHeading(before.page)).toHaveText(/privacy/i);
  const newFiles = new Set(Object.keys(fileHashes(newBuild)));
  expect(loads.length).toBeGreaterThan(0);
  expect(loads.every((f) => newFiles.has(f))).toBe(true);
  // …some of which the release now live does not have.
  const liveFiles = new Set(Object.keys(fileHashes(join(ROOT, 'remote-content/dist'))));
  expect(loads.filter((f) => !liveFiles.has(f)).length).toBeGreaterThan(0);
  // On reload it runs the live (old) release.
  await before.page.reload();
  await expect(mainHeading(before.page)).toHaveText(/privacy/i);
  await before.page.goto(`${gw.url}/en`);
  await expect(mainHeading(before.page)).toHaveAccessibleName(LIVE_HEADLINE);
  expect(before.broken).toEqual([]);
  expect(after.broken).toEqual([]);
});
