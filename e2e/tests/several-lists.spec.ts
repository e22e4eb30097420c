// One wish on several lists, and private products. The owner adds a product through the form,
// "also on" a second list, and a private one; moves a third product to the second list from the
// list page (keyboard). Visitors see the shared product on both lists and never the private one
// (neither in the app nor in the first-view HTML, nor through the API); an offer made from one list
// shows it offered on both, and an offer of the private product is refused. Desktop runs in
// English, 360 px in French.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { latestMailTo, openAndApprove, storedBearer, uniqueEmail, validationPath } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow } from './helpers';

type Lang = 'en' | 'fr';
const TEXTS = {
  en: {
    signInEmail: /e-mail address/i,
    signInSubmit: /send me a sign-in link/i,
    productUrl: /address of the product page/i,
    continue: /^continue$/i,
    productName: /^name/i,
    alsoOn: 'Also on',
    private: 'Private',
    addToList: /add to my list/i,
    second: 'Birthday',
    moveTo: 'Move to…',
    moveIt: 'Move it',
    moved: (name: string, list: string) => `“${name}” is moved to “${list}”.`,
    offered: /^offered$/i,
  },
  fr: {
    signInEmail: /adresse e-mail/i,
    signInSubmit: /m’envoyer un lien de connexion/i,
    productUrl: /adresse de la page du produit/i,
    continue: /^continuer$/i,
    productName: /^nom/i,
    alsoOn: 'Aussi sur',
    private: 'Privé',
    addToList: /ajouter à ma liste/i,
    second: 'Anniversaire',
    moveTo: 'Déplacer vers…',
    moveIt: 'Le déplacer',
    moved: (name: string, list: string) => `« ${name} » est déplacé vers « ${list} ».`,
    offered: /^offert$/i,
  },
} as const;
type Texts = (typeof TEXTS)[Lang];

const SHARED = { slug: 'teapot', name: 'Cast iron teapot' };
const SECRET = { slug: 'kite', name: 'Handmade paper kite' };
const MOVED = { slug: 'scarf', name: 'Merino wool scarf' };
const shopUrl = (slug: string) => `${SHOP_URL}/products/${slug}.html`;
const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile-360';
const langOf = (testInfo: TestInfo): Lang => (isMobile(testInfo) ? 'fr' : 'en');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${escapeRe(name)}(\\s|$)`) });
const names = (page: Page) => page.locator('#root .lists-card__name');

async function newVisitor(browser: Browser, testInfo: TestInfo, lang: Lang): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  return context.newPage();
}

type ApiProduct = { id: string; name: string; hasBeenOffered: boolean; hidden?: boolean; productListIds?: string[] };
async function productsOf(page: Page, listId: string, headers: Record<string, string> = {}): Promise<ApiProduct[]> {
  const res = await page.request.get(`/api/product-lists/${listId}`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { products: ApiProduct[] } }).data.products;
}

/** Through the form: the URL step, then the fields; `also` and `secret` use the keyboard. */
async function addThroughForm(page: Page, T: Texts, listId: string, slug: string, name: string, options: { also?: string; secret?: boolean }) {
  await page.goto(`/create-product/${listId}`);
  await page.getByLabel(T.productUrl).fill(shopUrl(slug));
  await page.getByRole('button', { name: T.continue }).click();
  await expect(page.getByLabel(T.productName).first()).toHaveValue(name, { timeout: 20_000 });
  const also = page.getByRole('group', { name: T.alsoOn });
  await expect(also).toBeVisible();
  if (options.also) {
    await also.getByRole('checkbox', { name: options.also }).focus();
    await page.keyboard.press('Space');
    await expect(also.getByRole('checkbox', { name: options.also })).toBeChecked();
  }
  if (options.secret) {
    await page.getByRole('switch', { name: T.private }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: T.private })).toBeChecked();
  }
  await page.getByRole('button', { name: T.addToList }).click();
  await expect(page).toHaveURL(new RegExp(`/product-list/${listId}/[0-9a-f]{24}$`), { timeout: 20_000 });
}

test.describe('one wish on several lists, and private products', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(langOf(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  test('a product on two lists is offered once for both; a private one exists for its owner only', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const lang = langOf(testInfo);
    const T: Texts = TEXTS[lang];

    const email = uniqueEmail('multi-owner');
    await page.goto('/authenticate');
    await page.getByLabel(T.signInEmail).fill(email);
    await page.getByRole('button', { name: T.signInSubmit }).click();
    await openAndApprove(page, validationPath(await latestMailTo(page.request, email)).path);
    await expect(page).toHaveURL(/\/product-list\/[^/]+/, { timeout: 20_000 });
    const listId = /\/product-list\/([^/?#]+)/.exec(page.url())![1];
    const headers = { Authorization: `Bearer ${await storedBearer(page)}` };
    const created = await page.request.post('/api/product-lists', { headers, data: { name: T.second } });
    expect(created.status()).toBe(201);
    const secondId = ((await created.json()) as { data: { id: string } }).data.id;

    // The form: "Also on" the second list, then a private product.
    await addThroughForm(page, T, listId, SHARED.slug, SHARED.name, { also: T.second });
    await expectAccessible(page);
    await addThroughForm(page, T, listId, SECRET.slug, SECRET.name, { secret: true });
    await expect(card(page, SECRET.name)).toContainText(T.private);
    await expectAccessible(page);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(page);
    const own = await productsOf(page, listId, headers);
    const shared = own.find((p) => p.name === SHARED.name)!;
    const secret = own.find((p) => p.name === SECRET.name)!;
    expect(shared.productListIds).toEqual([listId, secondId]);
    expect(secret.hidden).toBe(true);

    // The list page: "Move to…" the second list, with the keyboard, for a third product.
    const third = await page.request.post('/api/products-in-lists', { headers, data: { name: MOVED.name, url: shopUrl(MOVED.slug), productListId: listId } });
    expect(third.status()).toBe(201);
    await page.goto(`/product-list/${listId}`);
    await card(page, MOVED.name).click();
    const move = page.locator('section.lists-actions').getByRole('button', { name: T.moveTo });
    await move.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio', { name: T.second })).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: T.moveIt }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(T.moved(MOVED.name, T.second))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect((await productsOf(page, listId, headers)).map((p) => p.name)).toEqual([SHARED.name, SECRET.name]);
    expect((await productsOf(page, secondId, headers)).map((p) => p.name)).toEqual([SHARED.name, MOVED.name]);

    // Visitors: the shared product on both lists, never the private one.
    const v = await newVisitor(browser, testInfo, lang);
    const html = await (await v.request.get(`/see/${listId}`, { headers: { Accept: 'text/html' } })).text();
    // The first view is rendered (the shared product is in it), without the private one.
    expect(html).toContain(SHARED.name);
    expect(html).not.toContain(SECRET.name);
    await v.goto(`/see/${listId}`);
    await expectAppShown(v);
    await expect(names(v)).toHaveText([SHARED.name], { timeout: 20_000 });
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    expect((await v.request.get(`/api/product-lists/${listId}/products/${secret.id}`)).status()).toBe(404);
    expect(JSON.stringify(await productsOf(v, listId))).not.toContain(SECRET.name);

    // An offer from the second list: the product is offered on both lists. The private one cannot be offered.
    await v.goto(`/see/${secondId}`);
    await expect(names(v)).toHaveText([SHARED.name, MOVED.name], { timeout: 20_000 });
    const offer = (id: string) =>
      v.request.post('/api/offerings', { data: { isExpectingAddress: false, products: [{ id, quantity: 1 }], offererEmail: uniqueEmail('multi-giver') } });
    expect((await offer(shared.id)).status()).toBe(201);
    const refused = await offer(secret.id);
    expect(refused.status()).toBe(422);
    for (const id of [listId, secondId]) expect((await productsOf(v, id)).find((p) => p.id === shared.id)?.hasBeenOffered).toBe(true);
    await v.goto(`/see/${listId}`);
    await expect(card(v, SHARED.name).locator('.lists-card__badge').filter({ hasText: T.offered })).toHaveCount(1, { timeout: 20_000 });
    await v.context().close();
  });
});
