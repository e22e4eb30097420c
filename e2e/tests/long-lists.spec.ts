// A long list in the browser (docs/api.md, "Long lists"): its grid renders the rows on screen and
// windows the rest, so the page offers its own search over every product (the browser's find cannot
// see cards that are not rendered), and the keyboard still walks every card in the list's order.
// Desktop and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAppShown, expectNoHorizontalOverflow } from './helpers';

const LENGTH = 60;

async function api(page: Page, bearer: string, method: 'GET' | 'POST', path: string, data?: object) {
  const res = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${bearer}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: unknown }).data;
}

const nameOf = (i: number) => (i === 47 ? 'Blue teapot' : `Gift ${i}`);
const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}\\b`) });

test('a visitor finds a product of a long list by its name and walks every card with the keyboard', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  await signIn(page, 'long-list');
  const bearer = await storedBearer(page);
  const [list] = (await api(page, bearer, 'GET', '/api/product-lists?summary=1')) as { id: string; products: unknown[] }[];
  expect(list.products).toEqual([]);
  for (let i = 1; i <= LENGTH; i++) {
    await api(page, bearer, 'POST', '/api/products-in-lists', { name: nameOf(i), price: 1000 + i, url: `${SHOP_URL}/products/teapot.html?i=${i}`, productListId: list.id });
  }

  const { viewport, hasTouch, baseURL } = info.project.use;
  const visitor = await (await browser.newContext({ viewport, hasTouch, baseURL, locale: 'en-US' })).newPage();
  // The page's HTML carries the first products and the count, not the whole list; the page reads the rest.
  const served = async () => {
    const html = await (await visitor.request.get(`/see/${list.id}`, { headers: { Accept: 'text/html' } })).text();
    const data = /<script id="first-view-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const parsed = data ? (JSON.parse(data) as { products: unknown[]; productCount?: number }) : null;
    return parsed && { products: parsed.products.length, productCount: parsed.productCount };
  };
  await expect.poll(served).toEqual({ products: 24, productCount: LENGTH });
  await visitor.goto(`/see/${list.id}`);
  await expectAppShown(visitor);
  const grid = visitor.getByRole('list', { name: `${LENGTH} products` });
  await expect(grid).toBeVisible();
  // A screenful is rendered, not the whole list; each card tells its place among all.
  const rendered = await grid.locator('> li').count();
  expect(rendered).toBeGreaterThan(2);
  expect(rendered).toBeLessThan(LENGTH / 2);
  await expect(grid.locator('> li').first()).toHaveAttribute('aria-setsize', String(LENGTH));
  await expect(card(visitor, 'Blue teapot')).toHaveCount(0);
  if (info.project.name === 'mobile-360') await expectNoHorizontalOverflow(visitor);

  // Find in page: the search field finds the product far down the list.
  const search = visitor.getByRole('searchbox', { name: 'Find a product in this list' });
  await search.fill('teapot');
  await expect(visitor.getByRole('search').getByRole('status')).toHaveText(`1 product of ${LENGTH} matches “teapot”.`);
  await expect(card(visitor, 'Blue teapot')).toBeVisible();
  await card(visitor, 'Blue teapot').click();
  await expect(card(visitor, 'Blue teapot')).toHaveAttribute('aria-pressed', 'true');
  await search.press('Escape');
  await expect(search).toHaveValue('');

  // The keyboard walks every card in order, across the edge of the rendered rows.
  await visitor.evaluate(() => window.scrollTo(0, 0));
  await card(visitor, 'Gift 1').focus();
  const columns = info.project.name === 'mobile-360' ? 2 : 3;
  for (let i = 0; i < 12; i++) await visitor.keyboard.press('ArrowDown');
  await expect(card(visitor, nameOf(1 + 12 * columns))).toBeFocused();
  await visitor.keyboard.press('End');
  await expect(card(visitor, nameOf(LENGTH))).toBeFocused();
  await expect(card(visitor, nameOf(LENGTH))).toBeInViewport({ ratio: 1 });
  // Whole, and clear of the sticky header: below the grid lies the rest of the page.
  await expect
    .poll(() => visitor.evaluate((name) => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const last = [...document.querySelectorAll('li[data-product-key]')].find((li) => li.textContent?.includes(name))!.getBoundingClientRect();
      return last.top >= header.bottom && last.bottom <= innerHeight;
    }, nameOf(LENGTH)))
    .toBe(true);
  // Its focus ring shows: the card draws it around itself (it clips what overflows it).
  expect(await visitor.evaluate(() => getComputedStyle(document.activeElement!.closest('.lists-card')!).outlineStyle)).toBe('solid');
  await visitor.keyboard.press('ArrowLeft');
  await expect(card(visitor, nameOf(LENGTH - 1))).toBeFocused();
  await visitor.keyboard.press('Home');
  await expect(card(visitor, nameOf(1))).toBeFocused();
  await expect(card(visitor, nameOf(1))).toBeInViewport();
  // Keys faster than the grid draws: each goes on from the card the one before led to, even while
  // that card is still to be drawn (two keys in one task, so no frame between them).
  await visitor.evaluate(() => {
    for (const key of ['End', 'ArrowLeft']) document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
  await expect(card(visitor, nameOf(LENGTH - 1))).toBeFocused();
  await visitor.keyboard.press('Home');
  await expect(card(visitor, nameOf(1))).toBeFocused();
  // Tab leaves the grid (one tab stop) for the selected product's actions.
  await visitor.keyboard.press('Enter');
  await visitor.keyboard.press('Tab');
  await expect(visitor.getByRole('region', { name: 'Product actions' }).getByRole('button', { name: 'Add to basket' })).toBeFocused();
  await visitor.context().close();
});
