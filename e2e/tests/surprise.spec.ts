// Surprise lists (desktop in English, 360 px in French): the owner creates a list that keeps the
// surprise (ticked by default); a giver offers a product of it; the owner's mail, offering page and
// list say who and their message, never what, and show no offered mark, while visitors still see
// what is taken; the owner's own shared link shows the owner's view and the sharing page says
// another browser shows what is taken; "Show me anyway" warns, then shows what was given.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { latestMailTo, signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow, languageSwitch } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';

const TEXTS = {
  en: {
    nameLabel: /^List name/,
    dateLabel: 'Occasion date (optional)',
    keep: 'Keep the surprise (recommended)',
    create: 'Create the list',
    kept: /^Surprise kept: you don't see what people offer until /,
    offered: 'Offered',
    surpriseHeading: 'A surprise',
    shareNote: /Another browser, or a private window, shows what visitors see/,
    visitorNote: /its owner won't see what you offer before the day/,
    showAnyway: 'Show me anyway',
    dialog: 'Spoil the surprise?',
    confirm: 'Show me',
    revealed: 'The surprise is revealed: you see what people offered.',
  },
  fr: {
    nameLabel: /^Nom de la liste/,
    dateLabel: 'Date de l’occasion (facultative)',
    keep: 'Garder la surprise (recommandé)',
    create: 'Créer la liste',
    kept: /^Surprise gardée\s: vous ne voyez pas ce que l’on vous offre avant le /,
    offered: 'Offert',
    surpriseHeading: 'Une surprise',
    shareNote: /Un autre navigateur, ou une fenêtre de navigation privée, montre ce que voient les visiteurs/,
    visitorNote: /la personne ne verra pas ce que vous offrez avant le jour J/,
    showAnyway: 'Me montrer quand même',
    dialog: 'Gâcher la surprise\u00a0?',
    confirm: 'Me montrer',
    revealed: 'La surprise est dévoilée\u00a0: vous voyez ce que l’on vous a offert.',
  },
} as const;

/** The calendar day `n` days from now in the browser's time zone, `YYYY-MM-DD`. */
const inDays = (page: Page, n: number) =>
  page.evaluate((days) => {
    const at = new Date();
    at.setDate(at.getDate() + days);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }, n);

const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) }).first();

test('a surprise list: the owner sees who offers, never what, until "Show me anyway"; visitors see what is taken', async ({ page, browser }, info) => {
  const lang = isMobile(info) ? 'fr' : 'en';
  const t = TEXTS[lang];
  const ownerEmail = await signIn(page, 'surprise-owner');
  const owner = { Authorization: `Bearer ${await storedBearer(page)}` };

  // The list form asks for the surprise, ticked by default; created with the keyboard.
  await page.goto('/create-product-list');
  if (lang === 'fr') await languageSwitch(page, 'fr').click();
  const name = `Birthday ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: t.nameLabel }).fill(name);
  await page.getByLabel(t.dateLabel).fill(await inDays(page, 30));
  await expect(page.getByRole('checkbox', { name: t.keep })).toBeChecked();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: t.create }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-list\/[0-9a-f]{24}/);
  const listId = /\/product-list\/([0-9a-f]{24})/.exec(page.url())![1];
  const created = (await (await page.request.get(`/api/product-lists/${listId}`, { headers: owner })).json()) as { data: { surprise: boolean } };
  expect(created.data.surprise).toBe(true);
  const product = await page.request.post('/api/products-in-lists', {
    headers: owner,
    data: { name: 'Kite', image: 'https://shop.example/kite.jpg', price: 1500, url: 'https://shop.example/kite', productListId: listId },
  });
  expect(product.status()).toBe(201);
  const productId = ((await product.json()) as { data: { id: string } }).data.id;

  // A giver offers it (no account) and confirms their address from the mail.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const giverEmail = `e2e-surprise-giver-${Date.now().toString(36)}@example.com`;
  const offer = await visitor.request.post('/api/offerings', {
    data: { isExpectingAddress: true, products: [productId], offererEmail: giverEmail, offererIdentity: 'Grandma', offererMessage: 'Happy birthday!', language: lang },
  });
  expect(offer.status()).toBe(201);
  const offeringId = ((await offer.json()) as { data: { id: string } }).data.id;
  const code = /#code=([A-Za-z0-9_-]+)/.exec((await latestMailTo(visitor.request, giverEmail)).text)![1];
  expect((await visitor.request.post(`/api/offerings/${offeringId}/confirmation`, { data: { code } })).status()).toBe(200);

  // The owner's mail: who and their message, not what.
  const mail = await latestMailTo(page.request, ownerEmail);
  expect(mail.subject).toMatch(/surprise/i);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain('Grandma');
    expect(body).toContain('Happy birthday!');
    expect(body).toContain(`/offerings/${offeringId}`);
    expect(body).not.toContain('Kite');
    expect(body).not.toContain('15.00');
  }

  // The owner's offering page: the same, and still an address or a refusal to give.
  await page.goto(`/offerings/${offeringId}`);
  await expect(page.getByRole('heading', { level: 2, name: t.surpriseHeading })).toBeVisible();
  await expect(page.getByText('Happy birthday!')).toBeVisible();
  await expect(page.getByText('Kite')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // The owner's list: a note, no offered mark.
  await page.goto(`/product-list/${listId}`);
  await expect(page.getByText(t.kept)).toBeVisible();
  await expect(card(page, 'Kite')).toBeVisible();
  await expect(card(page, 'Kite')).not.toContainText(t.offered);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // Their own shared link, signed in, is their own view; the sharing page says what another browser shows.
  await page.goto(`/see/${listId}`);
  await expect(page).toHaveURL(new RegExp(`/product-list/${listId}`));
  await expect(card(page, 'Kite')).not.toContainText(t.offered);
  await page.goto(`/share-product-list/${listId}`);
  await expect(page.getByText(t.shareNote)).toBeVisible();

  // Visitors still see what is taken.
  await visitor.goto(`/see/${listId}`);
  if (lang === 'fr') await languageSwitch(visitor, 'fr').click();
  await expectAppShown(visitor);
  await expect(card(visitor, 'Kite')).toContainText(t.offered);
  await expect(visitor.getByText(t.visitorNote)).toBeVisible();
  await expectNoHorizontalOverflow(visitor);
  await expectAccessible(visitor);
  await visitorContext.close();

  // "Show me anyway": a warning first, then what was given.
  await page.goto(`/product-list/${listId}`);
  await page.getByRole('button', { name: t.showAnyway }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
  await expect(card(page, 'Kite')).toContainText(t.offered);
  await expect(page.getByText(t.revealed)).toBeVisible();
  await page.goto(`/offerings/${offeringId}`);
  await expect(page.getByRole('link', { name: /Kite/ })).toBeVisible();
});
