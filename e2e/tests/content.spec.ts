import { expect, test } from '@playwright/test';
import { actOnPage, expectAccessible, expectNoHorizontalOverflow, languageSwitch, mainHeading } from './helpers';

const pages = [
  { key: 'home', en: '/en', fr: '/fr', enTitle: /wish list/i, frTitle: /liste/i },
  { key: 'privacy', en: '/en/privacy-policy', fr: '/fr/politique-de-confidentialite', enTitle: /privacy/i, frTitle: /confidentialité/i },
  { key: 'add-product', en: '/en/how-to-add-product', fr: '/fr/comment-ajouter-un-produit', enTitle: /add/i, frTitle: /ajouter/i },
  { key: 'extension', en: '/en/how-to-use-extension', fr: '/fr/comment-utiliser-l-extension', enTitle: /extension/i, frTitle: /extension/i },
  { key: 'share', en: '/en/how-to-share-wishlist', fr: '/fr/comment-partager-sa-liste', enTitle: /share/i, frTitle: /partager/i },
];

for (const p of pages) {
  for (const lang of ['en', 'fr'] as const) {
    test(`content page ${p.key} in ${lang} renders, fits and is accessible`, async ({ page }) => {
      await page.goto(p[lang]);
      await expect(mainHeading(page)).toBeVisible();
      await expect(mainHeading(page)).toHaveText(lang === 'en' ? p.enTitle : p.frTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
    });
  }
}

test('privacy policy shows its last update', async ({ page }) => {
  await page.goto('/en/privacy-policy');
  await expect(page.getByText(/15 July 2023/)).toBeVisible();
  await page.goto('/fr/politique-de-confidentialite');
  await expect(page.getByText(/15 juillet 2023/)).toBeVisible();
});

test('android how-to shows five sharing steps and is accessible', async ({ page }) => {
  await page.goto('/how-to-use-android-app');
  await expect(mainHeading(page)).toBeVisible();
  await expect(page.locator('main figure, main [data-step]').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});

test('unknown paths go to the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(mainHeading(page)).toBeVisible();
  await expectAccessible(page);
});

test.describe('language from the browser', () => {
  test.use({ locale: 'fr-FR' });
  test('a French browser gets French on unprefixed pages', async ({ page }) => {
    await page.goto('/not-found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test.describe('language from the browser, English', () => {
  test.use({ locale: 'de-DE' });
  test('another browser language falls back to English', async ({ page }) => {
    await page.goto('/not-found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('path language wins over the browser language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/fr/comment-partager-sa-liste');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});

test('the footer language switch keeps the current page', async ({ page }) => {
  await page.goto('/en/privacy-policy');
  await expect(mainHeading(page)).toHaveText(/privacy/i);
  await languageSwitch(page, 'fr').click();
  await expect(page).toHaveURL(/\/fr\/politique-de-confidentialite$/);
  await expect(mainHeading(page)).toHaveText(/confidentialité/i);
  await languageSwitch(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/privacy-policy$/);
});

test('the shell survives a blocked content remote and Retry recovers without a reload', async ({ page }) => {
  await page.route('**/remotes/content/**', (route) => route.abort());
  await page.goto('/en/how-to-add-product');
  const retry = page.getByRole('button', { name: /retry/i });
  await expect(retry).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.unroute('**/remotes/content/**');
  await retry.click();
  await expect(mainHeading(page)).toHaveText(/add/i);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test('a hanging content remote times out into the error panel', async ({ page }) => {
  await page.route('**/remotes/content/**', () => {
    /* never answer */
  });
  await page.goto('/en');
  // The server's home page is read without the app; the app starts when the visitor acts.
  await actOnPage(page);
  await expect(page.getByRole('button', { name: /retry/i })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('banner')).toBeVisible();
});

test('one store and one i18n instance across the shell and the remotes', async ({ page }) => {
  await page.goto('/en/how-to-use-extension');
  await expect(mainHeading(page)).toBeVisible();
  const counts = await page.evaluate(() => (window as unknown as { __WISHLIST_SINGLETONS__: unknown }).__WISHLIST_SINGLETONS__);
  expect(counts).toEqual({ stores: 1, i18n: 1 });
  // The shell's language switch changes the text the remote renders: one i18next instance.
  await languageSwitch(page, 'fr').click();
  await expect(mainHeading(page)).toHaveText(/extension/i);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
