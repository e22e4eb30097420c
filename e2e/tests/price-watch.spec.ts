// Price watch (desktop in English, 360 px in French): the owner of a product whose shop page now
// shows a lower price checks it from the product form, sees the new price and its trend there,
// then on the product's card in the list.
import { expect, test, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';

const TEXTS = {
  en: { prefix: '', checkNow: 'Check the price now', checked: "The price is read again from the shop's page.", price: 'Price (€)', value: '19.20', down: /↓ 20\s% since/, downLabel: /Price down 20\s% since/ },
  fr: { prefix: '/fr', checkNow: 'Vérifier le prix maintenant', checked: 'Le prix a été relu sur la page de la boutique.', price: 'Prix (€)', value: '19,20', down: /↓ 20\s% depuis le/, downLabel: /Prix en baisse de 20\s% depuis le/ },
} as const;

test('the owner checks a price now and sees its trend in the form and on the card', async ({ page }, info) => {
  const t = TEXTS[isMobile(info) ? 'fr' : 'en'];
  await signIn(page, 'price-watch');
  const owner = { Authorization: `Bearer ${await storedBearer(page)}` };
  const lists = await (await page.request.get('/api/product-lists', { headers: owner })).json();
  const listId: string = lists.data[0].id;

  // A shop page of its own (the query makes it unique to this run), at 24.00 € when added.
  const pagePath = `/products/kite.html?watch=${Date.now().toString(36)}${info.project.name}`;
  const setShopPrice = async (price: string) => expect((await page.request.put(`${SHOP_URL}/prices?page=${encodeURIComponent(pagePath)}`, { data: price })).status()).toBe(204);
  await setShopPrice('24.00');
  const created = await page.request.post('/api/products-in-lists', {
    headers: owner,
    data: { name: 'Handmade paper kite', price: 2400, url: `${SHOP_URL}${pagePath}`, productListId: listId },
  });
  expect(created.status()).toBe(201);
  const productId: string = (await created.json()).data.id;

  // The shop lowers its price by a fifth; the owner asks for a reading from the product form.
  await setShopPrice('19.20');
  // The language comes from a first path segment once (kept for the app's own routes).
  if (t.prefix) await page.goto(t.prefix);
  await page.goto(`/product-list/${listId}/product/${productId}/edit`);
  const check = page.getByRole('button', { name: t.checkNow });
  await expect(check).toBeVisible();
  await check.click();
  await expect(page.getByText(t.checked)).toBeVisible();
  await expect(page.getByLabel(t.price)).toHaveValue(t.value);
  const formTrend = page.getByTestId('price-trend');
  await expect(formTrend).toContainText(t.down);
  await expect(formTrend).toContainText(t.downLabel);
  if (isMobile(info)) await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // The API answers the reading too: the history has both prices, newest last.
  const product = await (await page.request.get(`/api/product-lists/${listId}/products/${productId}`, { headers: owner })).json();
  expect(product.data.priceHistory.map((p: { price: number }) => p.price)).toEqual([2400, 1920]);
  expect(product.data.priceStale).toBe(false);

  // The owner's card shows the trend, in words for screen readers as well.
  await page.goto(`/product-list/${listId}`);
  const card = page.locator(`[data-product-id="${productId}"]`);
  await expect(card.getByTestId('price-trend')).toContainText(t.down);
  await expect(card.getByRole('button').first()).toContainText(t.downLabel);
  if (isMobile(info)) await expectNoHorizontalOverflow(page);
});
