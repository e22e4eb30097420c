// Quantities journey: the owner adds a product wished three times, most wanted, with a note,
// through the product form; a visitor sees the marks, puts two in the basket with the stepper and
// offers them (confirmed from the verification mail); two givers then race for the last unit
// through the API: exactly one wins, the other gets a 409 saying none is left. The owner's cards
// say "2 of 3 offered", then "Offered". Desktop runs in English, 360 px in French.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { latestMailTo, openAndApprove, storedBearer, uniqueEmail, validationPath, type OutboxMail } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow } from './helpers';

type Lang = 'en' | 'fr';
const TEXTS = {
  en: {
    signInEmail: /e-mail address/i,
    signInSubmit: /send me a sign-in link/i,
    productUrl: /address of the product page/i,
    continue: /^continue$/i,
    productName: /^name/i,
    quantity: /^how many/i,
    mostWanted: 'Most wanted',
    note: /^note/i,
    addToList: /add to my list/i,
    wished: '3 wished',
    mostWantedFirst: /most wanted first/i,
    sortBy: 'Sort by',
    addToBasket: /^add to basket$/i,
    addMore: /^add more products$/i,
    more: (name: string) => `One more: ${name}`,
    unitsLeft: '3 still wished',
    ownerNote: "Owner's note: Size M, blue",
    offerFor: /^offer for /i,
    email: /^your e-mail/i,
    knowAddress: /i know the address/i,
    sendOffer: /send my offer/i,
    confirmOffer: /^confirm my offer$/i,
    partly: '2 of 3 offered',
    offered: /^offered$/i,
  },
  fr: {
    signInEmail: /adresse e-mail/i,
    signInSubmit: /m’envoyer un lien de connexion/i,
    productUrl: /adresse de la page du produit/i,
    continue: /^continuer$/i,
    productName: /^nom/i,
    quantity: /^combien/i,
    mostWanted: 'Très attendu',
    note: /^note/i,
    addToList: /ajouter à ma liste/i,
    wished: '3 souhaités',
    mostWantedFirst: /les plus attendus d’abord/i,
    sortBy: 'Trier par',
    addToBasket: /^ajouter au panier$/i,
    addMore: /^ajouter d’autres produits$|^ajouter d'autres produits$/i,
    more: (name: string) => `Un de plus\u00a0: ${name}`,
    unitsLeft: '3 encore souhaités',
    ownerNote: 'Note de la personne\u00a0: Size M, blue',
    offerFor: /^offrir pour /i,
    email: /^votre e-mail/i,
    knowAddress: /je connais l['’]adresse/i,
    sendOffer: /envoyer mon offre/i,
    confirmOffer: /^confirmer mon offre$/i,
    partly: '2 sur 3 offerts',
    offered: /^offert$/i,
  },
} as const;
type Texts = (typeof TEXTS)[Lang];

const CANDLE = { slug: 'teapot', name: 'Cast iron teapot' };
// Added first through the API: the list's order is OTHER, then CANDLE.
const OTHER = { slug: 'book', name: 'Le Petit Prince (illustrated)', cents: 1250 };
const shopUrl = (slug: string) => `${SHOP_URL}/products/${slug}.html`;
const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile-360';
const langOf = (testInfo: TestInfo): Lang => (isMobile(testInfo) ? 'fr' : 'en');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${escapeRe(name)}(\\s|$)`) });

async function newVisitor(browser: Browser, testInfo: TestInfo, lang: Lang): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  return context.newPage();
}

async function mailMatching(page: Page, to: string, test: (m: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/mails')).json()) as OutboxMail[];
      found = mails.find((m) => m.to.includes(to) && test(m));
      return Boolean(found);
    }, { timeout: 20_000, message: `a mail to ${to}` })
    .toBe(true);
  return found!;
}

/** An anonymous offer through the API, confirmed with the code of its verification mail. */
async function offerByApi(page: Page, productId: string, quantity: number) {
  const giver = uniqueEmail('racer');
  const res = await page.request.post('/api/offerings', {
    data: { isExpectingAddress: false, products: [{ id: productId, quantity }], offererEmail: giver },
  });
  return { res, giver };
}

async function productOf(page: Page, bearer: string, listId: string, name: string) {
  const res = await page.request.get(`/api/product-lists/${listId}`, { headers: { Authorization: `Bearer ${bearer}` } });
  const { data } = (await res.json()) as { data: { products: { id: string; name: string; quantity: number; offeredQuantity: number; hasBeenOffered: boolean; mostWanted: boolean; note: string }[] } };
  return data.products.find((p) => p.name === name)!;
}

test.describe('quantities, most wanted and notes', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(langOf(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  test('the owner asks for three, a visitor offers two, two givers race for the last one', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const lang = langOf(testInfo);
    const T: Texts = TEXTS[lang];

    // The owner signs in and adds the product through the form, with its three new fields.
    const email = uniqueEmail('qty-owner');
    await page.goto('/authenticate');
    await page.getByLabel(T.signInEmail).fill(email);
    await page.getByRole('button', { name: T.signInSubmit }).click();
    await openAndApprove(page, validationPath(await latestMailTo(page.request, email)).path);
    await expect(page).toHaveURL(/\/product-list\/[^/]+/, { timeout: 20_000 });
    const listId = /\/product-list\/([^/?#]+)/.exec(page.url())![1];
    const bearer = await storedBearer(page);
    const headers = { Authorization: `Bearer ${bearer}` };
    const other = await page.request.post('/api/products-in-lists', {
      headers,
      data: { name: OTHER.name, price: OTHER.cents, url: shopUrl(OTHER.slug), productListId: listId },
    });
    expect(other.status()).toBe(201);

    await page.goto(`/create-product/${listId}`);
    await page.getByLabel(T.productUrl).fill(shopUrl(CANDLE.slug));
    await page.getByRole('button', { name: T.continue }).click();
    await expect(page.getByLabel(T.productName).first()).toHaveValue(CANDLE.name, { timeout: 20_000 });
    await page.getByRole('spinbutton', { name: T.quantity }).fill('3');
    // Keyboard: the checkbox takes Space.
    await page.getByRole('checkbox', { name: T.mostWanted }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: T.note }).fill('Size M, blue');
    await expectAccessible(page);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: T.addToList }).click();
    await expect(page).toHaveURL(new RegExp(`/product-list/${listId}/[^/]+$`), { timeout: 20_000 });
    const ownerCard = card(page, CANDLE.name);
    await expect(ownerCard).toContainText(T.wished);
    await expect(ownerCard).toContainText(T.mostWanted);
    await expect(ownerCard).toContainText('Size M, blue');
    const candle = await productOf(page, bearer, listId, CANDLE.name);
    expect(candle).toMatchObject({ quantity: 3, mostWanted: true, note: 'Size M, blue', offeredQuantity: 0, hasBeenOffered: false });

    // A visitor: the marks on the shared list, most wanted first, the stepper in the basket.
    const v = await newVisitor(browser, testInfo, lang);
    await v.goto(`/see/${listId}`);
    await expectAppShown(v);
    await expect(card(v, CANDLE.name)).toContainText(T.mostWanted, { timeout: 20_000 });
    const names = v.locator('#root .lists-card__name');
    await expect(names).toHaveText([OTHER.name, CANDLE.name]);
    // Visitors choose the order in "Sort by" (the owner keeps the toggle).
    const sort = v.getByRole('combobox', { name: T.sortBy });
    await sort.focus();
    await sort.selectOption('most-wanted');
    await expect(v.getByRole('option', { name: T.mostWantedFirst })).toHaveCount(1);
    await expect(names).toHaveText([CANDLE.name, OTHER.name]);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await card(v, CANDLE.name).click();
    await v.getByRole('button', { name: T.addToBasket }).click();
    const popin = v.locator('#tab-popin');
    await expect(popin.getByRole('button', { name: T.addMore })).toBeVisible();
    await expect(popin).not.toHaveClass(/Toastify--animate/);
    await popin.getByRole('button', { name: T.addMore }).click();
    await v.goto('/basket');
    await expect(v.getByText(T.ownerNote)).toBeVisible();
    await expect(v.getByText(T.unitsLeft)).toBeVisible();
    const more = v.getByRole('button', { name: T.more(CANDLE.name) });
    await more.focus();
    await v.keyboard.press('Enter');
    await expect(v.locator('.basket-stepper__value')).toHaveText('2');
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await v.getByRole('button', { name: T.offerFor }).click();
    const giver = uniqueEmail('qty-giver');
    await v.getByLabel(T.email).fill(giver);
    await v.getByRole('radio', { name: T.knowAddress }).check();
    await v.getByRole('button', { name: T.sendOffer }).click();
    await expect(v).toHaveURL(/\/offer-created\/[^/]+$/, { timeout: 20_000 });
    const offeringId = decodeURIComponent(/\/offer-created\/([^/?#]+)/.exec(v.url())![1]);
    const verification = await mailMatching(v, giver, (m) => m.text.includes(`/offer-confirmation/${offeringId}#code=`));
    const link = new URL(new RegExp(`https?://[^\\s"<>]+/offer-confirmation/${offeringId}#code=[A-Za-z0-9_-]+`).exec(verification.text)![0]);
    await v.goto(link.pathname + link.hash);
    await v.getByRole('button', { name: T.confirmOffer }).click();
    const ownerMail = await mailMatching(page, email, (m) => m.text.includes(`/offerings/${offeringId}`));
    expect(ownerMail.text).toContain(`2 × `);
    expect(await productOf(page, bearer, listId, CANDLE.name)).toMatchObject({ offeredQuantity: 2, hasBeenOffered: false });
    await page.goto(`/product-list/${listId}`);
    await expect(card(page, CANDLE.name)).toContainText(T.partly, { timeout: 20_000 });

    // Two more than left is refused with what is left; then two givers race for the last one.
    const tooMany = await offerByApi(v, candle.id, 2);
    expect(tooMany.res.status()).toBe(409);
    expect(await tooMany.res.json()).toMatchObject({ error: { code: 'already_offered' }, available: { [candle.id]: 1 } });
    const race = await Promise.all([offerByApi(v, candle.id, 1), offerByApi(page, candle.id, 1)]);
    expect(race.map((r) => r.res.status()).sort()).toEqual([201, 409]);
    const loser = race.find((r) => r.res.status() === 409)!;
    expect((await loser.res.json()) as unknown).toMatchObject({ error: { code: 'already_offered', message: expect.stringMatching(/offered by someone else/) } });
    expect(await productOf(page, bearer, listId, CANDLE.name)).toMatchObject({ offeredQuantity: 3, hasBeenOffered: true });
    await page.reload();
    await expect(card(page, CANDLE.name).locator('.lists-card__badge').first()).toBeVisible({ timeout: 20_000 });
    await expect(card(page, CANDLE.name).locator('.lists-card__badge').filter({ hasText: T.offered })).toHaveCount(1);
    await v.context().close();
  });
});
