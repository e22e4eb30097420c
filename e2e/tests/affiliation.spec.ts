import { expect, test } from '@playwright/test';
import { NO_AFFILIATION_PORT } from '../playwright.config';

// The affiliate host is unreachable here: answer its script locally and watch who asks for it.
const isAffiliateScript = (url: URL) => url.hostname.endsWith('skimresources.com');

test('the affiliate script is added on launch by default', async ({ page }) => {
  const requested: string[] = [];
  await page.route(isAffiliateScript, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto('/en');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect.poll(() => requested.length).toBeGreaterThan(0);
});

test('VITE_DEACTIVATE_AFFILIATION=true: the affiliate script is never requested', async ({ page }) => {
  const requested: string[] = [];
  await page.route(isAffiliateScript, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto(`http://localhost:${NO_AFFILIATION_PORT}/en`);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(requested).toEqual([]);
  const config = await (await page.request.get(`http://localhost:${NO_AFFILIATION_PORT}/remotes.json`)).json();
  expect(config.affiliation.scriptUrl).toBeNull();
});
