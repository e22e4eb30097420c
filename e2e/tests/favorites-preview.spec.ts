// Favorites and the visitor preview, desktop and 360 px:
// 13. the owner previews their list as visitors see it, from the share page;
// 14. favorites that share a name ("My wish list") can be told apart: product count, first
//     picture and the day they were added; never anyone's e-mail address.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';

/** A fresh browser context (nothing shared) with the project's viewport. */
async function newPerson(browser: Browser, info: TestInfo): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor, locale: 'en-US' });
  return context.newPage();
}

/** Signs a new person in and returns their default list id and bearer. */
async function owner(page: Page, tag: string): Promise<{ listId: string; bearer: string }> {
  await signIn(page, tag);
  const bearer = await storedBearer(page);
  const lists = await page.request.get('/api/product-lists', { headers: { Authorization: `Bearer ${bearer}` } });
  expect(lists.status()).toBe(200);
  const body = (await lists.json()) as { data: { id: string; isOwner: boolean }[] };
  const listId = body.data.find((l) => l.isOwner)!.id;
  return { listId, bearer };
}

async function addProduct(page: Page, bearer: string, listId: string, name: string, image: string): Promise<string> {
  const res = await page.request.post('/api/products-in-lists', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { name, price: 2490, image, url: `${SHOP_URL}/products/teapot.html`, productListId: listId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test.describe('favorites and the visitor preview', () => {
  test.describe.configure({ timeout: 120_000 });

  test('item 14: favorites named alike are told apart by size, picture and date, never by e-mail', async ({ page, browser }, info) => {
    const alicePage = await newPerson(browser, info);
    const bobPage = await newPerson(browser, info);
    const alice = await owner(alicePage, 'fav-alice');
    const bob = await owner(bobPage, 'fav-bob');
    await addProduct(alicePage, alice.bearer, alice.listId, 'Teapot', `${SHOP_URL}/images/teapot-main.png`);
    await addProduct(alicePage, alice.bearer, alice.listId, 'Kettle', `${SHOP_URL}/images/teapot-main.png`);

    await signIn(page, 'fav-me');
    const me = await storedBearer(page);
    for (const listId of [alice.listId, bob.listId]) {
      expect((await page.request.put(`/api/favorites/${listId}`, { headers: { Authorization: `Bearer ${me}` } })).status()).toBe(204);
    }

    await page.goto('/product-lists');
    const favorites = page.locator('.lists-entries').nth(1).getByRole('button');
    await expect(favorites).toHaveCount(2);
    // Both are "My wish list"; the details differ and say something a person can use.
    await expect(favorites.nth(0)).toContainText('My wish list');
    await expect(favorites.nth(1)).toContainText('My wish list');
    await expect(favorites.nth(0)).toContainText('2 products');
    await expect(favorites.nth(1)).toContainText('0 products');
    await expect(favorites.nth(0)).toContainText(/In your favorites since \w+/);
    expect(await favorites.nth(0).innerText()).not.toEqual(await favorites.nth(1).innerText());
    // The first picture of each list, the placeholder for the empty one; never an e-mail address.
    // (our own resized copy of the shop's picture)
    await expect(favorites.nth(0).locator('img')).toHaveAttribute('src', /^\/api\/images\/[\w-]+\.[\w-]+\?w=96$/);
    await expect(favorites.nth(1).locator('img')).toHaveAttribute('src', /no-image|placeholder|data:|\.svg/);
    for (const text of await favorites.allInnerTexts()) expect(text).not.toContain('@');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    if (!isMobile(info)) {
      // The header's favorites menu carries the sizes too.
      await page.getByRole('button', { name: /^favorites$/i }).hover();
      const items = page.locator('.shell-menu__item--favorite');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('2 products');
      await expect(items.nth(1)).toContainText('0 products');
    }
    await alicePage.context().close();
    await bobPage.context().close();
  });

  test('item 13: the owner previews their list as visitors see it, from the share page', async ({ page }, info) => {
    const me = await owner(page, 'preview');
    await addProduct(page, me.bearer, me.listId, 'Brass desk lamp', `${SHOP_URL}/images/teapot-main.png`);
    await page.goto(`/share-product-list/${me.listId}`);
    await page.getByRole('link', { name: 'Preview what visitors see' }).click();
    await expect(page).toHaveURL(new RegExp(`/see/${me.listId}\\?preview=visitor$`));
    // The banner says what this is; the list is there, without any owner control.
    await expect(page.getByRole('note', { name: 'Visitor preview' })).toContainText('this is your list as the people you share it with see it');
    await expect(page.getByRole('heading', { level: 1, name: 'My wish list' })).toBeVisible();
    await expect(page.getByText('Brass desk lamp')).toBeVisible();
    // The owner is not told the list is "shared with you": the header says it is the preview.
    await expect(page.getByText('Shared with you')).toHaveCount(0);
    await expect(page.locator('.lists-header__badge')).toHaveText('Visitor preview');
    for (const name of [/^edit$/i, /^remove$/i, /mark as offered/i, /delete this list/i, /add to favorites/i, /add to basket/i]) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    await expect(page.locator('main').getByRole('link', { name: /^add a product$/i })).toHaveCount(0);
    await expect(page.getByText('Visitors select a product here, add it to their basket, then offer it to you.')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    // Nothing the owner does here fills a basket: the header basket stays empty.
    await page.getByText('Brass desk lamp').click();
    expect(await page.evaluate(() => localStorage.getItem('basket') ?? '')).not.toContain('Brass desk lamp');
    // And back to the owner's own page.
    await page.getByRole('button', { name: 'Back to my list' }).click();
    await expect(page).toHaveURL(new RegExp(`/product-list/${me.listId}$`));
    await expect(page.locator('main').getByRole('link', { name: /^add a product$/i })).toBeVisible();
    if (isMobile(info)) await expectNoHorizontalOverflow(page);
  });
});
