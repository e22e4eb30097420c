// Group gifts journey: the owner marks a product as a group gift; a visitor sees "€0.00 of €300.00",
// chips in from the list (keyboard, form), confirms from the mailed link; a second pledger asks for
// more than remains and is cut to the rest; the gift is then offered once: one mail to the owner
// naming both, one mail to both pledgers; the owner's address reaches both. Desktop runs in
// English, 360 px in French.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { latestMailTo, openAndApprove, storedBearer, uniqueEmail, validationPath, type OutboxMail } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow } from './helpers';

type Lang = 'en' | 'fr';
const TEXTS = {
  en: {
    signInEmail: /e-mail address/i,
    signInSubmit: /send me a sign-in link/i,
    groupGift: 'Group gift',
    none: '€0.00 of €300.00 pledged',
    chipIn: /^chip in$/i,
    name: /^your name/i,
    email: /^your e-mail/i,
    amount: /^amount/i,
    submit: /^pledge$/i,
    nameRequired: 'Enter your name.',
    tooSmall: 'A pledge is at least €5.00.',
    sent: /check your e-mails/i,
    confirm: /^confirm my pledge$/i,
    confirmed: /your pledge is confirmed/i,
    complete: /fully pledged and was offered/i,
    progress: '€200.00 of €300.00 pledged',
  },
  fr: {
    signInEmail: /adresse e-mail/i,
    signInSubmit: /m’envoyer un lien de connexion/i,
    groupGift: 'Cadeau commun',
    none: '0,00\u00a0€ promis sur 300,00\u00a0€',
    chipIn: /^participer$/i,
    name: /^votre nom/i,
    email: /^votre e-mail/i,
    amount: /^montant/i,
    submit: /^promettre$/i,
    nameRequired: 'Indiquez votre nom.',
    tooSmall: 'Une participation est d’au moins 5,00\u00a0€.',
    sent: /consultez vos e-mails/i,
    confirm: /^confirmer ma participation$/i,
    confirmed: /votre participation est confirmée/i,
    complete: /entièrement financé et a été offert/i,
    progress: '200,00\u00a0€ promis sur 300,00\u00a0€',
  },
} as const;

const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile-360';
const langOf = (testInfo: TestInfo): Lang => (isMobile(testInfo) ? 'fr' : 'en');
const PLEDGE_LINK = /https?:\/\/[^\s"<>]+\/(en|fr)\/pledge\/([A-Za-z0-9_-]+)#token=([A-Za-z0-9_-]+)/;

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

const mailsTo = async (page: Page, to: string) => ((await (await page.request.get('/dev/mails')).json()) as OutboxMail[]).filter((m) => m.to.includes(to));

test.describe('group gifts', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(langOf(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  test('visitors chip in until the price is reached; the gift is offered once to the owner', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const lang = langOf(testInfo);
    const T = TEXTS[lang];

    const ownerEmail = uniqueEmail('gg-owner');
    await page.goto('/authenticate');
    await page.getByLabel(T.signInEmail).fill(ownerEmail);
    await page.getByRole('button', { name: T.signInSubmit }).click();
    await openAndApprove(page, validationPath(await latestMailTo(page.request, ownerEmail)).path);
    await expect(page).toHaveURL(/\/product-list\/[^/]+/, { timeout: 20_000 });
    const listId = /\/product-list\/([^/?#]+)/.exec(page.url())![1];
    const headers = { Authorization: `Bearer ${await storedBearer(page)}` };
    const noPrice = await page.request.post('/api/products-in-lists', {
      headers,
      data: { name: 'Bike', price: null, url: `${SHOP_URL}/products/teapot.html`, productListId: listId, groupGift: true },
    });
    expect(noPrice.status()).toBe(422);
    const created = await page.request.post('/api/products-in-lists', {
      headers,
      data: { name: 'Bike', price: 30000, url: `${SHOP_URL}/products/teapot.html`, productListId: listId, groupGift: true },
    });
    expect(created.status()).toBe(201);
    const productId = ((await created.json()) as { data: { id: string } }).data.id;

    // A visitor sees the progress on the card and chips in with the keyboard.
    const v = await newVisitor(browser, testInfo, lang);
    await v.goto(`/see/${listId}`);
    await expectAppShown(v);
    const card = v.locator(`[data-product-id="${productId}"]`);
    await expect(card).toContainText(T.groupGift, { timeout: 20_000 });
    await expect(card).toContainText(T.none);
    await card.locator('.lists-card__select').click();
    await v.getByRole('button', { name: T.chipIn }).first().click();
    await expect(v).toHaveURL(new RegExp(`/chip-in/${listId}/${productId}$`), { timeout: 20_000 });
    await v.getByLabel(T.amount).fill('2');
    await v.getByLabel(T.amount).press('Enter');
    await expect(v.getByText(T.nameRequired)).toBeVisible();
    await expect(v.getByText(T.tooSmall)).toBeVisible();
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    const first = uniqueEmail('gg-ann');
    await v.getByLabel(T.name).fill('Ann');
    await v.getByLabel(T.email).fill(first);
    await v.getByLabel(T.amount).fill(lang === 'fr' ? '200,00' : '200.00');
    await v.getByLabel(T.amount).press('Enter');
    await expect(v.getByRole('heading', { level: 1, name: T.sent })).toBeVisible({ timeout: 20_000 });

    // The mailed link opens the pledger's page: nothing changes until the button is pressed.
    const mail = await mailMatching(v, first, (m) => PLEDGE_LINK.test(m.text));
    const link = new URL(PLEDGE_LINK.exec(mail.text)![0]);
    expect(link.pathname).toMatch(new RegExp(`^/${lang}/pledge/`));
    await v.goto(link.pathname + link.hash);
    await v.getByRole('button', { name: T.confirm }).click();
    await expect(v.getByTestId('pledge-state')).toContainText(T.confirmed);
    await expect(v.getByTestId('pledge-progress')).toContainText(T.progress);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);

    // A second pledger asks for more than remains: cut to the rest, then confirms.
    const second = uniqueEmail('gg-bob');
    const bob = await v.request.post('/api/pledges', { data: { productId, name: 'Bob', email: second, amount: 15000, language: lang } });
    expect(bob.status()).toBe(201);
    expect(await bob.json()).toMatchObject({ data: { amount: 10000, requested: 15000, cut: true, remaining: 0 } });
    const bobLink = PLEDGE_LINK.exec((await mailMatching(v, second, (m) => PLEDGE_LINK.test(m.text))).text)!;
    const confirmed = await v.request.post(`/api/pledges/${bobLink[2]}/confirmation`, { headers: { 'X-Pledge-Token': bobLink[3] } });
    expect(confirmed.status()).toBe(200);

    // Offered once: one mail to the owner naming both, one mail to both pledgers.
    const ownerMail = await mailMatching(page, ownerEmail, (m) => /\/offerings\/[A-Za-z0-9_-]+/.test(m.text));
    expect(ownerMail.text).toContain('Ann, Bob');
    expect(ownerMail.text).not.toContain('200');
    const together = await mailMatching(page, first, (m) => m.to.includes(second));
    expect(together.text).toContain(first);
    expect(together.text).toContain(second);
    expect((await mailsTo(page, ownerEmail)).filter((m) => /\/offerings\//.test(m.text))).toHaveLength(1);
    await v.reload();
    await expect(v.getByTestId('pledge-state')).toContainText(T.complete, { timeout: 20_000 });
    await expect(v.getByTestId('pledge-others')).toContainText('Bob');

    // The owner answers as any offer: the address reaches every pledger.
    const offeringId = /\/offerings\/([A-Za-z0-9_-]+)/.exec(ownerMail.text)![1];
    const answered = await page.request.patch(`/api/offerings/${offeringId}`, { headers, data: { address: '1 Bike Street' } });
    expect(answered.status()).toBe(200);
    const address = await mailMatching(page, second, (m) => m.text.includes('1 Bike Street'));
    expect(address.to).toContain(first);
  });
});
