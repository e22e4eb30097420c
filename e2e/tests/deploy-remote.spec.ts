// A remote redeployed alone is picked up without touching the shell.
// The content team builds a changed remote-content (another headline) from its own workspace and
// deploys it over the directory our gateway serves /remotes/content/ from (scripts/deploy-remote.mjs,
// as ops would). The next page load shows the change; the shell's files are byte-identical; a tab
// opened before the deploy keeps working (its next navigation into the remote still finds the old
// chunks) and shows the change on reload.
// Desktop only: deployment does not depend on the viewport (the content pages' own journeys cover 360 px).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORT } from '../playwright.config';
import { ROOT, buildRemoteVariant, deployRemote, fileHashes, liveCopyOf, removeTemporaryDirs, servedFiles, startGateway, type Gateway } from './deploy-helpers';
import { expectAppShown, mainHeading } from './helpers';

const REDEPLOYED = 'Redeployed alone: the wish list for every occasion';

test.describe.configure({ mode: 'serial' });

let gateway: Gateway;
let live: string;
let newBuild: string;
let buildMs = 0;

// The desktop project only (the mobile-360 one runs at 360 px wide).
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'deployment does not depend on the viewport');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  live = liveCopyOf('remote-content');
  const started = Date.now();
  [gateway, newBuild] = await Promise.all([
    startGateway(PORT + 5, { REMOTE_CONTENT_DIST: live }),
    buildRemoteVariant('remote-content', (dir) => {
      const file = join(dir, 'src/locales/en/home.json');
      const home = JSON.parse(readFileSync(file, 'utf8'));
      home.headline.accessible = REDEPLOYED;
      home.headline.prefix = 'Redeployed alone: the wish list for your';
      writeFileSync(file, JSON.stringify(home, null, 2));
    }),
  ]);
  buildMs = Date.now() - started;
});
test.afterAll(async () => {
  await gateway?.stop();
  removeTemporaryDirs();
});

// The remote's first view: in #root, as the app renders it, when the page is served to be hydrated
// (the home page), else the snapshot before #root.
const FIRST_VIEW = /<div id="first-view">[\s\S]*?<\/div>(?=\s*<div id="root">)|<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
const FIRST_VIEW_CSS = /<style id="first-view-css">[\s\S]*?<\/style>/;
const firstViewOf = (page: string) => FIRST_VIEW.exec(page)?.[0] ?? '';
const withoutFirstView = (page: string) => page.replace(FIRST_VIEW, '').replace(FIRST_VIEW_CSS, '');

/** Fails the test on any 4xx/5xx or failed request under /remotes/, and on any page error. */
function watchForBrokenChunks(page: Page): string[] {
  const broken: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/remotes/') && r.status() >= 400) broken.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/remotes/')) broken.push(`failed ${r.url()}`);
  });
  page.on('pageerror', (e) => broken.push(`page error: ${e.message}`));
  return broken;
}

test('a remote redeployed alone is picked up by the next page load; the shell is untouched; an open tab keeps working', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const shellBefore = fileHashes(join(ROOT, 'shell/dist'));
  const indexBefore = await (await fetch(`${gateway.url}/en`, { headers: { accept: 'text/html' } })).text();
  // /en carries the home page prerendered by remote-content, read from its deployed dist.
  expect(firstViewOf(indexBefore)).toContain('The wish list for every occasion');
  const remotesBefore = await (await fetch(`${gateway.url}/remotes.json`)).json();
  const liveBefore = servedFiles(live);

  // A tab opened before the deploy: the home page, from the remote's current build.
  const oldTab = await (await browser.newContext()).newPage();
  const oldTabBroken = watchForBrokenChunks(oldTab);
  await oldTab.goto(`${gateway.url}/en`);
  await expect(mainHeading(oldTab)).toHaveAccessibleName(/^The wish list for every occasion/);
  // A tab in use: the app has started (a visitor's home page starts it at their first sign of use).
  await expectAppShown(oldTab);

  const deployStarted = Date.now();
  const report = await deployRemote(newBuild, live);
  const deployMs = Date.now() - deployStarted;
  expect(report).toMatch(/deployed .* new hashed files/);

  // The next page load, in a new tab: the new headline, nothing broken.
  const pickedStarted = Date.now();
  const newTab = await (await browser.newContext()).newPage();
  const newTabBroken = watchForBrokenChunks(newTab);
  await newTab.goto(`${gateway.url}/en`);
  await expect(mainHeading(newTab)).toHaveAccessibleName(REDEPLOYED);
  const pickedMs = Date.now() - pickedStarted;

  // The open tab navigates within the app to another page of the same remote: its old entry asks
  // for old chunks (files the new build does not have), which are still served.
  const oldTabLoads: string[] = [];
  oldTab.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/remotes/content/static/') && r.status() === 200) oldTabLoads.push(path.slice('/remotes/content/'.length));
  });
  await oldTab.getByRole('contentinfo').getByRole('link', { name: /privacy/i }).click();
  await expect(oldTab).toHaveURL(/\/en\/privacy-policy$/);
  await expect(mainHeading(oldTab)).toHaveText(/privacy/i);
  const newFiles = new Set(Object.keys(fileHashes(newBuild)));
  expect(oldTabLoads.filter((f) => !newFiles.has(f)).length).toBeGreaterThan(0);
  await oldTab.goBack();
  await expect(mainHeading(oldTab)).toBeVisible();
  // On reload it runs the new build.
  await oldTab.reload();
  await expect(mainHeading(oldTab)).toHaveAccessibleName(REDEPLOYED);
  expect(oldTabBroken).toEqual([]);
  expect(newTabBroken).toEqual([]);

  // Every file of the old deployment is still there (old tabs), the shell did not change at all,
  // and neither did the runtime configuration but for the remote's version: same manifest URL,
  // new files behind it.
  const liveAfter = servedFiles(live);
  expect(liveAfter).toEqual(expect.arrayContaining(liveBefore));
  expect(liveAfter.length).toBeGreaterThan(liveBefore.length);
  expect(fileHashes(join(ROOT, 'shell/dist'))).toEqual(shellBefore);
  // The page the shell serves is the same but for the remote's own first view, now the new one
  // (no gateway restart).
  const indexAfter = await (await fetch(`${gateway.url}/en`, { headers: { accept: 'text/html' } })).text();
  expect(firstViewOf(indexAfter)).toContain(REDEPLOYED);
  const remotesAfter = await (await fetch(`${gateway.url}/remotes.json`)).json();
  const versionOf = (config: { remotes: { name: string; version?: string }[] }) => config.remotes.find((r) => r.name === 'remote_content')?.version;
  expect(versionOf(remotesAfter)).toBe(/as release (\S+) \(live\)/.exec(report)?.[1]);
  expect(versionOf(remotesAfter)).not.toBe(versionOf(remotesBefore));
  const sameBut = (config: { remotes: { name: string; version?: string }[] }) => ({ ...config, remotes: config.remotes.map((r) => ({ ...r, version: r.name === 'remote_content' ? 'x' : r.version })) });
  expect(sameBut(remotesAfter)).toEqual(sameBut(remotesBefore));
  expect(withoutFirstView(indexAfter).replace(versionOf(remotesAfter)!, 'x')).toBe(withoutFirstView(indexBefore).replace(versionOf(remotesBefore)!, 'x'));
  const manifest = await fetch(`${gateway.url}/remotes/content/mf-manifest.json`);
  expect(manifest.headers.get('cache-control')).toBe('no-cache');

  // Once no tab can hold the old entry any more, ops prune: the same deploy with --prune-before
  // removes exactly the files the current build does not have.
  const pruned = await deployRemote(newBuild, live, '--prune-before', new Date(Date.now() + 60_000).toISOString());
  expect(pruned).toMatch(new RegExp(`, ${liveAfter.length - Object.keys(fileHashes(newBuild)).length} old files pruned$`, 'm'));
  expect(servedFiles(live).sort()).toEqual(Object.keys(fileHashes(newBuild)).sort());

  testInfo.annotations.push({
    type: 'timings',
    description: `build+gateway start ${buildMs} ms, deploy ${deployMs} ms, next page load showing the change ${pickedMs} ms`,
  });
  console.log(`[deploy-remote] build+gateway ${buildMs} ms, deploy ${deployMs} ms (${report.trim()}), picked up in ${pickedMs} ms`);
});
