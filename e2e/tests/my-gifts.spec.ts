// A giver's journey: a visitor sorts a shared list by price and keeps what fits a budget (the
// choice survives a reload); they offer a gift, confirm their address from the mail, and the receipt
// links to "My gifts": the gift with its stage, marked bought with the keyboard, a private note and
// a cost that the owner never reads; a wrong link is refused. Desktop runs in English, 360 px in French.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { latestMailTo, openAndApprove, storedBearer, uniqueEmail, validationPath, type OutboxMail } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow } from './helpers';

type Lang = 'en' | 'fr';
const TEXTS = {
  en: {
    signInEmail: /e-mail address/i,
    signInSubmit: /send me a sign-in link/i,
    sortBy: 'Sort by',
    price: 'Price',
    withinBudget: '2 products of 3 within your budget',
    myGifts: 'My gifts',
    stageOffered: 'Offered: waiting for the owner',
    bought: 'Bought',
    note: 'Private note',
    cost: 'What it cost you (€)',
    save: 'Save',
    saved: 'Saved.',
    spent: 'Spent so far: €42.50',
    invalid: 'This link does not work',
    receipt: /^your gift offer was sent$/i,
    verification: /^confirm your gift offer$/i,
  },
  fr: {
    signInEmail: /adresse e-mail/i,
    signInSubmit: /m’envoyer un lien de connexion/i,
    sortBy: 'Trier par',
    price: 'Prix',
    withinBudget: '2 produits sur 3 dans votre budget',
    myGifts: 'Mes cadeaux',
    stageOffered: 'Offert : en attente de réponse',
    bought: 'Acheté',
    note: 'Note privée',
    cost: 'Ce qu’il vous a coûté (€)',
    save: 'Enregistrer',
    saved: 'Enregistré.',
    spent: /Dépensé jusqu’ici\s:\s42,50\s€/,
    invalid: 'Ce lien ne fonctionne pas',
    receipt: /^votre offre de cadeau a été envoyée$/i,
    verification: /^confirmez votre offre de cadeau$/i,
  },
} as const;

const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile-360';
const langOf = (testInfo: TestInfo): Lang => (isMobile(testInfo) ? 'fr' : 'en');

async function newVisitor(browser: Browser, testInfo: TestInfo, lang: Lang): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  return context.newPage();
}

async function mailMatching(page: Page, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/dev/mails')).json()) as OutboxMail[];
        found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The path (with its fragment) of the first link of `mail` matching `pattern`. */
function linkPath(mail: OutboxMail, pattern: RegExp): string {
  const m = pattern.exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  const url = new URL(m![0]);
  return url.pathname + url.hash;
}

const cardNames = (page: Page) => page.locator('.lists-card__name').allTextContents();

test.describe('a giver keeps track of their gifts', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(langOf(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  test('sorts and budgets a shared list, then follows the gift from the mailed "My gifts" link', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const lang = langOf(testInfo);
    const T = TEXTS[lang];

    // The owner signs in and fills a list (through the API: the list pages are not what is tested here).
    const ownerEmail = uniqueEmail('gifts-owner');
    await page.goto('/authenticate');
    await page.getByLabel(T.signInEmail).fill(ownerEmail);
    await page.getByRole('button', { name: T.signInSubmit }).click();
    await openAndApprove(page, validationPath(await latestMailTo(page.request, ownerEmail)).path);
    await expect(page).toHaveURL(/\/product-list\/[^/]+/, { timeout: 20_000 });
    const listId = /\/product-list\/([^/?#]+)/.exec(page.url())![1];
    const headers = { Authorization: `Bearer ${await storedBearer(page)}` };
    const add = async (name: string, price: number) => {
      const res = await page.request.post('/api/products-in-lists', { headers, data: { name, price, url: `${SHOP_URL}/products/teapot.html`, productListId: listId } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const kite = await add('Red kite', 4500);
    await add('Mountain bike', 25000);
    await add('Wool socks', 900);
    const eventDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    expect((await page.request.patch(`/api/product-lists/${listId}`, { headers, data: { eventDate } })).status()).toBe(200);

    // A visitor sorts by price and keeps what fits 50 €; the choice is in the address and survives a reload.
    const v = await newVisitor(browser, testInfo, lang);
    await v.goto(`/see/${listId}`);
    await expectAppShown(v);
    await expect(v.locator('.lists-card__name')).toHaveCount(3, { timeout: 20_000 });
    await v.getByRole('combobox', { name: T.sortBy }).selectOption('price-asc');
    await expect.poll(() => cardNames(v)).toEqual(['Wool socks', 'Red kite', 'Mountain bike']);
    const budget = v.getByRole('combobox', { name: T.price });
    await budget.focus();
    await budget.selectOption('50');
    await expect.poll(() => cardNames(v)).toEqual(['Wool socks', 'Red kite']);
    await expect(v.getByText(T.withinBudget)).toBeVisible();
    await expect(v).toHaveURL(/\?sort=price-asc&max=50$/);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await v.reload();
    await expectAppShown(v);
    await expect.poll(() => cardNames(v), { timeout: 20_000 }).toEqual(['Wool socks', 'Red kite']);
    await expect(v.getByRole('combobox', { name: T.sortBy })).toHaveValue('price-asc');

    // The visitor offers the kite and confirms their address from the mail.
    const giverEmail = uniqueEmail('gifts-giver');
    const offered = await v.request.post('/api/offerings', {
      data: { isExpectingAddress: true, products: [kite], offererEmail: giverEmail, offererIdentity: 'Aunt Jo', offererMessage: '', language: lang },
    });
    expect(offered.status()).toBe(201);
    const offeringId = ((await offered.json()) as { data: { id: string } }).data.id;
    const verification = await mailMatching(v, giverEmail, T.verification);
    const code = /#code=([A-Za-z0-9_-]+)/.exec(verification.text)![1];
    expect((await v.request.post(`/api/offerings/${offeringId}/confirmation`, { data: { code } })).status()).toBe(200);

    // The receipt links to "My gifts", in the giver's language; the link opens the page (it changes nothing).
    const receipt = await mailMatching(v, giverEmail, T.receipt);
    const giftsPath = linkPath(receipt, /https?:\/\/[^\s"<>]+\/(en|fr)\/my-gifts#token=[A-Za-z0-9_-]+/);
    expect(giftsPath).toMatch(new RegExp(`^/${lang}/my-gifts#token=`));
    await v.goto(giftsPath);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.myGifts, { timeout: 20_000 });
    await expect(v.locator('html')).toHaveAttribute('lang', lang);
    const card = v.getByTestId('gift-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Red kite');
    await expect(card.getByTestId('gift-stage')).toHaveText(T.stageOffered);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);

    // Marked bought with the keyboard, a private note and a cost, saved.
    await card.getByRole('radio', { name: T.bought, exact: true }).focus();
    await v.keyboard.press('Space');
    await card.getByRole('textbox', { name: T.note }).fill('Hidden in the garage');
    await card.getByRole('textbox', { name: T.cost }).fill(lang === 'fr' ? '42,50' : '42.50');
    await card.getByRole('button', { name: T.save }).focus();
    await v.keyboard.press('Enter');
    await expect(card.getByRole('status')).toHaveText(T.saved);
    await expect(card.getByTestId('gift-stage')).toHaveText(T.bought);
    await expect(v.getByTestId('my-gifts-summary')).toContainText(T.spent);
    await expectAccessible(v);

    // Kept across a reload; the owner never reads the note, the cost or the mark.
    await v.reload();
    await expect(v.getByTestId('gift-card').getByRole('textbox', { name: T.note })).toHaveValue('Hidden in the garage', { timeout: 20_000 });
    const ownerRead = await page.request.get(`/api/offerings/${offeringId}`, { headers });
    expect(ownerRead.status()).toBe(200);
    const ownerText = await ownerRead.text();
    expect(ownerText).not.toContain('Hidden in the garage');
    expect(ownerText).not.toContain('4250');
    expect(ownerText).not.toContain('bought');

    // A wrong link opens nothing.
    await v.goto(giftsPath.replace(/#token=.*/, '#token=AAAAAAAAAAAAAAAAAAAAAA'));
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.invalid, { timeout: 20_000 });
    await expectAccessible(v);
    await v.context().close();
  });
});
