// Version skew is safe. The shell runs the shared singletons it was built with
// (react-router-dom 7.18, i18next 26.7, …). A remote built against older minors (its package.json
// requires react-router-dom ^7.0.0 and i18next ^26.0.0) still loads; one built for another major
// (react-router-dom ^6.28.0) is refused by the federation runtime
// (strictVersion, shared/mf-config) and the page shows the shell's localized error panel with
// Retry, the header and footer still working, never a blank page. Rolling the remote back makes
// the next page load whole again.
// Desktop only: the outcome does not depend on the viewport (the error panel's layout at 360 px is
// covered by content.spec's blocked-remote journeys).
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORT } from '../playwright.config';
import { ROOT, buildRemoteVariant, deployRemote, editJson, liveCopyOf, removeTemporaryDirs, startGateway, type Gateway } from './deploy-helpers';
import { expectAccessible, mainHeading } from './helpers';

test.describe.configure({ mode: 'serial' });

let gateway: Gateway;
let live: string;
let olderMinor: string;
let otherMajor: string;

/** A copy of remote-content whose package.json requires these ranges of the shared singletons. */
const builtAgainst = (ranges: Record<string, string>) =>
  buildRemoteVariant('remote-content', (dir) =>
    editJson(join(dir, 'package.json'), (pkg) => Object.assign(pkg.dependencies as Record<string, string>, ranges)),
  );

/** The ranges a build's federation runtime requires of its shared modules (from its JavaScript). */
function requiredRanges(dist: string): string[] {
  const code = readdirSync(join(dist, 'static/js'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, 'static/js', f), 'utf8'))
    .concat(readFileSync(join(dist, 'remoteEntry.js'), 'utf8'))
    .join('\n');
  return [...new Set([...code.matchAll(/requiredVersion:"([^"]+)"/g)].map((m) => m[1]))];
}

// The desktop project only (the mobile-360 one runs at 360 px wide).
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'the outcome does not depend on the viewport');

test.beforeAll(async () => {
  test.setTimeout(300_000);
  live = liveCopyOf('remote-content');
  [gateway, olderMinor, otherMajor] = await Promise.all([
    startGateway(PORT + 6, { REMOTE_CONTENT_DIST: live }),
    builtAgainst({ 'react-router-dom': '^7.0.0', i18next: '^26.0.0' }),
    builtAgainst({ 'react-router-dom': '^6.28.0' }),
  ]);
  // The builds require what they were built against.
  expect(requiredRanges(olderMinor)).toEqual(expect.arrayContaining(['^7.0.0', '^26.0.0']));
  expect(requiredRanges(otherMajor)).toContain('^6.28.0');
});
test.afterAll(async () => {
  await gateway?.stop();
  removeTemporaryDirs();
});

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('a remote built against an older minor of a shared singleton still loads', async ({ page }) => {
  await deployRemote(olderMinor, live);
  const errors = pageErrors(page);
  await page.goto(`${gateway.url}/en/how-to-add-product`);
  await expect(mainHeading(page)).toHaveText(/add/i);
  await expect(page.getByRole('button', { name: /retry/i })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a remote built for another major fails into the localized error panel with Retry, never a blank page', async ({ page }) => {
  await deployRemote(otherMajor, live);
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto(`${gateway.url}/en/how-to-add-product`);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'This part of the page could not be loaded' })).toBeVisible();
  // Never a blank page: the shell's header and footer work around the panel.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page);
  // Refused for its version, not for anything else.
  expect(messages.join('\n')).toMatch(/react-router-dom[\s\S]*does not satisfy the requirement[\s\S]*\^6\.28\.0/);
  // Retry tries again and, the remote being still incompatible, shows the panel again.
  await retry.click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('banner')).toBeVisible();

  // In French, the same panel in French.
  await page.goto(`${gateway.url}/fr/comment-ajouter-un-produit`);
  await expect(page.getByRole('heading', { name: 'Cette partie de la page n’a pas pu être chargée' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();

  // The content team rolls back to a build that matches the shell: the next page load is whole again.
  await deployRemote(join(ROOT, 'remote-content/dist'), live);
  await page.goto(`${gateway.url}/fr/comment-ajouter-un-produit`);
  await expect(mainHeading(page)).toHaveText(/ajouter/i);
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
});
