// "Share a link from any app": Android opens the web app manifest's share_target,
// `/share-target?title=…&text=…&url=…`; apps usually put the link inside `text`. The page takes
// that link and opens product creation from it (the form at 360 px, the listing's creation panel on
// a desktop), into the default list; signed out, through sign-in and back (auth-redirection);
// with no link, a clear message and the manual form. Native mode (the Android wrapper) keeps
// hiding what SPEC says. Desktop and 360 px.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { latestMailTo, openAndApprove, requestSignIn, signIn, storedBearer, uniqueEmail, validationPath } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow, languageSwitch, mainHeading } from './helpers';

const BOOK = 'Le Petit Prince (illustrated)';
// Accents, `?` and `&` in the shared link (the local shop ignores the query).
const SHARED_LINK = `${SHOP_URL}/products/book.html?édition=illustrée&taille=M`;
const shareText = `Regarde ce livre ! ${SHARED_LINK} (partagé depuis ShopApp)`;
const shareTargetPath = (query: Record<string, string>) => `/share-target?${new URLSearchParams(query)}`;

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first (default) list of the signed-in person. */
async function defaultList(page: Page): Promise<{ id: string; name: string }> {
  const res = await page.request.get('/api/product-lists', { headers: { Authorization: `Bearer ${await storedBearer(page)}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string; name: string }[] }).data[0];
}

/** The product form the shared link opened: the page at 360 px, the creation panel on a desktop. */
async function expectPrefilledForm(page: Page, info: TestInfo, listId: string) {
  if (isMobile(info)) {
    await expect(page).toHaveURL(/\/create-product\/from\/[^/]+\/to$/, { timeout: 20_000 });
    await expect(mainHeading(page)).toHaveText('Add a product');
  } else {
    // SPEC §2: on a desktop, /create-product/from/… redirects to / with encodedProductUrl, which
    // opens the default list with its creation panel.
    await expect(page).toHaveURL(new RegExp(`/product-list/${listId}\\?encodedProductUrl=`), { timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'Add this product' })).toBeVisible();
  }
  const form = isMobile(info) ? page.locator('main') : page.getByRole('dialog', { name: 'Add this product' });
  // An address any site could have opened: shown, and read only once the person presses Continue.
  await expect(form.getByRole('textbox', { name: /address of the product page/i })).toHaveValue(/^https?:\/\//);
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(new RegExp(`^${escapeRe(BOOK)}`), { timeout: 20_000 });
  await expect(form.getByRole('textbox', { name: 'Price (€)' })).toHaveValue(/^12[.,]50$/);
  await expect(form.getByRole('combobox', { name: 'List', exact: true })).toHaveValue(listId);
  return form;
}

test('signed in: a link inside the shared text lands on the prefilled product form, saved into the default list with the link intact', async ({ page }, info) => {
  await signIn(page, 'share-in');
  const list = await defaultList(page);
  await page.goto(shareTargetPath({ title: 'Le Petit Prince', text: shareText }));
  const form = await expectPrefilledForm(page, info, list.id);
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  await form.getByRole('button', { name: 'Add to my list' }).click();
  await expect(page).toHaveURL(new RegExp(`/product-list/${list.id}/[0-9a-f]{24}$`), { timeout: 20_000 });
  const stored = await page.request.get(`/api/product-lists/${list.id}`, { headers: { Authorization: `Bearer ${await storedBearer(page)}` } });
  const products = ((await stored.json()) as { data: { products: { name: string; url: string }[] } }).data.products;
  // The same address (the page reader hands back its normalized form: accents percent-encoded).
  expect(products.map((p) => new URL(p.url).href)).toEqual([new URL(SHARED_LINK).href]);
  expect(decodeURI(products[0].url)).toBe(SHARED_LINK);
});

test('signed out: sign-in first, then back on the prefilled form (auth-redirection)', async ({ page }, info) => {
  await page.goto(shareTargetPath({ text: shareText }));
  await expect(page).toHaveURL(/\/authenticate\/mandatory$/);
  const email = uniqueEmail('share-out');
  await requestSignIn(page, email);
  const { path } = validationPath(await latestMailTo(page.request, email));
  await openAndApprove(page, path);
  // The stored redirect is the product creation from the shared link.
  await expect(page).toHaveURL(isMobile(info) ? /\/create-product\/from\// : /\/product-list\/[0-9a-f]{24}\?encodedProductUrl=/, { timeout: 20_000 });
  await expectPrefilledForm(page, info, (await defaultList(page)).id);
});

test('the url parameter is taken first, and a link in the title when the text has none', async ({ page }, info) => {
  await signIn(page, 'share-url');
  const list = await defaultList(page);
  await page.goto(shareTargetPath({ url: SHARED_LINK, text: 'no link here' }));
  await expectPrefilledForm(page, info, list.id);
  await page.goto(shareTargetPath({ title: `Livre ${SHARED_LINK}`, text: 'rien' }));
  await expectPrefilledForm(page, info, list.id);
});

test('garbage text: a clear message in English and French, the manual form by keyboard', async ({ page }) => {
  await page.goto(shareTargetPath({ title: 'Hello', text: 'just words, www.not-a-link and ftp://nope.example' }));
  await expect(mainHeading(page)).toHaveText('No link to add');
  await expect(page.getByRole('status').filter({ hasText: 'holds no web address' })).toBeVisible();
  await expect(page.getByText('Hello — just words, www.not-a-link and ftp://nope.example')).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);

  await languageSwitch(page, 'fr').click();
  await expect(mainHeading(page)).toHaveText('Aucun lien à ajouter');
  await expect(page.getByRole('link', { name: 'Comment partager depuis une autre application' })).toHaveAttribute('href', '/how-to-use-android-app');
  await expectAccessible(page);
  await languageSwitch(page, 'en').click();
  await expect(mainHeading(page)).toHaveText('No link to add');

  // Keyboard only: Tab reaches "Add a product with the form", Enter opens it (login-required).
  const manual = page.getByRole('link', { name: 'Add a product with the form' });
  await page.locator('body').focus();
  for (let i = 0; i < 40 && !(await manual.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(manual).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/authenticate\/mandatory$/);
});

test('native mode (the Android wrapper): the shared link opens the form, the install part and the mobile basket link stay hidden', async ({ page }, info) => {
  await signIn(page, 'share-native');
  const list = await defaultList(page);
  await page.goto(`${shareTargetPath({ text: shareText })}&shell=android`);
  await expectPrefilledForm(page, info, list.id);
  if (isMobile(info)) await expect(page.locator('.shell-header__mobile a[href="/basket"]')).toHaveCount(0);
  await page.goto('/how-to-use-android-app');
  await expect(page.locator('main figure').first()).toBeVisible();
  await expect(page.getByTestId('android-install')).toHaveCount(0);
});
