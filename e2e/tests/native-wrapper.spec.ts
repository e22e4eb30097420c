// The native wrapper mode (SPEC §1, §2). The Android wrapper opens `/?shell=android`
// (or an android-app:// referrer); the shell remembers it for the session and hides the install
// part of the Android how-to and, on mobile, the header's basket link.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow, mainHeading } from './helpers';

const basketLink = (page: Page) => page.locator('.shell-header__mobile a[href="/basket"]');
const installPart = (page: Page) => page.getByTestId('android-install');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 640;

test('native mode from ?shell=android hides the install part and the mobile basket link for the session', async ({ page }) => {
  await page.goto('/en?shell=android');
  await expect(mainHeading(page)).toBeVisible();
  // The query is read once and removed from the address; the route stays.
  await expect(page).toHaveURL(/\/en$/);
  // /en arrives as a server-rendered snapshot with the signed-out header of any visitor; the
  // app's header, which knows the session is native, replaces it.
  await expectAppShown(page);
  if (isMobile(page)) {
    await expect(page.locator('.shell-header__mobile .shell-tabs')).toBeVisible();
    await expect(basketLink(page)).toHaveCount(0);
    // In-app navigation keeps it hidden.
    await page.getByRole('link', { name: /log in/i }).first().click();
    await expect(page).toHaveURL(/\/authenticate/);
    await expect(page.locator('.shell-header__mobile .shell-tabs')).toBeVisible();
    await expect(basketLink(page)).toHaveCount(0);
  }
  // A new page load in the same tab, without the query: still native, and the gateway serves no
  // first-view snapshot (its header would be the web one, basket link included).
  const reloaded = await page.goto('/en');
  expect(await reloaded!.text()).not.toContain('id="first-view"');
  await expect(mainHeading(page)).toBeVisible();
  if (isMobile(page)) await expect(basketLink(page)).toHaveCount(0);
  await page.goto('/how-to-use-android-app');
  await expect(mainHeading(page)).toBeVisible();
  await expect(page.locator('main figure').first()).toBeVisible();
  await expect(installPart(page)).toHaveCount(0);
  if (isMobile(page)) await expect(basketLink(page)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});

test('an android-app:// referrer turns native mode on too', async ({ page }) => {
  // Chromium drops a non-http Referer from a test navigation; Android's TWA launch sets
  // document.referrer to the app, which is what the shell reads.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'referrer', { configurable: true, get: () => 'android-app://com.example.wishlist/' });
  });
  await page.goto('/how-to-use-android-app');
  await expect(page.locator('main figure').first()).toBeVisible();
  await expect(installPart(page)).toHaveCount(0);
});

test('a normal session shows the install part and the mobile basket link', async ({ page }) => {
  await page.goto('/en');
  await expect(mainHeading(page)).toBeVisible();
  await expectAppShown(page);
  if (isMobile(page)) await expect(basketLink(page)).toBeVisible();
  await page.goto('/how-to-use-android-app');
  await expect(installPart(page)).toBeVisible();
  if (isMobile(page)) await expect(basketLink(page)).toBeVisible();
});
