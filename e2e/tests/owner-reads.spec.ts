// The owner's reads stay bounded (docs/api.md, "Lists service: limits of one account"):
// GET /api/product-lists carries each list's first 6 products and its count, and the list page
// reads the list on screen whole, then its neighbours, as the person moves. Desktop and 360 px.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectNoHorizontalOverflow } from './helpers';

async function newPerson(browser: Browser, info: TestInfo): Promise<Page> {
  const { viewport, hasTouch, isMobile, baseURL, userAgent, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile, baseURL, userAgent, deviceScaleFactor, locale: 'en-US' });
  return context.newPage();
}

async function api(page: Page, bearer: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) {
  const res = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${bearer}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : ((await res.json()) as { data: unknown }).data;
}

async function fill(page: Page, bearer: string, listId: string, prefix: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    await api(page, bearer, 'POST', '/api/products-in-lists', { name: `${prefix} ${i}`, price: 1000 + i, url: `${SHOP_URL}/products/teapot.html`, productListId: listId });
  }
}

const cards = (page: Page) => page.locator('.swiper-slide-active [data-product-id]');

test('every product of the list on screen shows, beyond the first ones the lists answer carries; the next list and a favorite too', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner-reads');
  const bearer = await storedBearer(page);
  const [first] = (await api(page, bearer, 'GET', '/api/product-lists')) as { id: string }[];
  const second = (await api(page, bearer, 'POST', '/api/product-lists', { name: 'Second list' })) as { id: string };
  await fill(page, bearer, first.id, 'Gift', 9);
  await fill(page, bearer, second.id, 'Xmas', 8);

  const lists = (await api(page, bearer, 'GET', '/api/product-lists')) as { id: string; productCount: number; products: unknown[] }[];
  expect(lists.map((l) => [l.productCount, l.products.length])).toEqual([
    [9, 6],
    [8, 6],
  ]);

  await page.goto(`/product-list/${first.id}`);
  await expect(cards(page)).toHaveCount(9);
  await page.getByRole('button', { name: /^Gift 9/ }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: /^Gift 9/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Second list' })).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  if (info.project.name === 'mobile-360') await expectNoHorizontalOverflow(page);

  // Someone who follows the list sees all of it in their own slider, read when shown.
  const friend = await newPerson(browser, info);
  await signIn(friend, 'owner-reads-friend');
  const friendBearer = await storedBearer(friend);
  await api(friend, friendBearer, 'PUT', `/api/favorites/${first.id}`);
  await friend.goto(`/product-list/${first.id}`);
  await expect(friend.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(cards(friend)).toHaveCount(9);
  await friend.context().close();
});
