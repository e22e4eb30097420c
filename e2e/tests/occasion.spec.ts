// An occasion and what comes after it (desktop in English, 360 px in French): the owner dates a
// list, the person who follows it gets one reminder mail and unsubscribes from the mailed link
// (a page that asks, without signing in), visitors see how far the occasion is, the owner marks
// a product received, archives the list (visitors are told, offers are refused) and restores it.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signIn, storedBearer, type OutboxMail } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow, languageSwitch } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';

const TEXTS = {
  en: {
    dateLabel: 'Occasion date (optional)',
    save: 'Save the name',
    upcoming: /^Occasion in 10 days: /,
    received: (name: string) => `Received: ${name}`,
    archive: 'Archive',
    listActions: 'List actions',
    archivedSection: 'Archived lists',
    restore: (name: string) => `Restore the list “${name}”`,
    archivedNote: 'This list is archived.',
  },
  fr: {
    dateLabel: 'Date de l’occasion (facultative)',
    save: 'Enregistrer le nom',
    upcoming: /^Occasion dans 10\sjours\s: /,
    received: (name: string) => `Reçu\u00a0: ${name}`,
    archive: 'Archiver',
    listActions: 'Actions sur la liste',
    archivedSection: 'Listes archivées',
    restore: (name: string) => `Restaurer la liste «\u00a0${name}\u00a0»`,
    archivedNote: 'Cette liste est archivée.',
  },
} as const;

const REMINDER_SUBJECT = 'A wish list you follow has an occasion coming up';

/** The mails with that subject to that address in the local outbox (GET /dev/mails). */
async function remindersTo(page: Page, to: string): Promise<OutboxMail[]> {
  const mails = (await (await page.request.get('/dev/mails')).json()) as OutboxMail[];
  return mails.filter((m) => m.to.includes(to) && m.subject === REMINDER_SUBJECT);
}

/** The calendar day `n` days from now in the browser's time zone, `YYYY-MM-DD`. */
const inDays = (page: Page, n: number) =>
  page.evaluate((days) => {
    const at = new Date();
    at.setDate(at.getDate() + days);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }, n);

test('an occasion: a reminder once to followers, unsubscribe from the mail, received, archive and restore', async ({ page, browser }, info) => {
  const lang = isMobile(info) ? 'fr' : 'en';
  const t = TEXTS[lang];
  await signIn(page, 'occasion-owner');
  const owner = { Authorization: `Bearer ${await storedBearer(page)}` };
  const name = `Party ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/product-lists', { headers: owner, data: { name } });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { data: { id: string } }).data.id;
  const product = await page.request.post('/api/products-in-lists', {
    headers: owner,
    data: { name: 'Kite', image: 'https://shop.example/kite.jpg', price: 1500, url: 'https://shop.example/kite', productListId: listId },
  });
  const productId = ((await product.json()) as { data: { id: string } }).data.id;

  // Someone follows the list before it has a date.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  const fanEmail = await signIn(fan, 'occasion-fan');
  const fanHeaders = { Authorization: `Bearer ${await storedBearer(fan)}` };
  expect((await fan.request.put(`/api/favorites/${listId}`, { headers: fanHeaders })).status()).toBe(204);

  // The owner dates the list from its form, with the keyboard.
  await page.goto(`/edit-product-list/${listId}`);
  if (lang === 'fr') await languageSwitch(page, 'fr').click();
  const date = await inDays(page, 10);
  const dateField = page.getByLabel(t.dateLabel);
  await dateField.fill(date);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: t.save }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-lists$/);
  expect(((await (await page.request.get(`/api/product-lists/${listId}`)).json()) as { data: { eventDate: string } }).data.eventDate).toBe(date);

  // One reminder to the follower (the sweep runs every few seconds here), none to the owner.
  await expect.poll(async () => (await remindersTo(page, fanEmail)).length, { timeout: 20_000 }).toBe(1);
  const [reminder] = await remindersTo(page, fanEmail);
  expect(reminder.text).toContain(`“${name}”`);
  const unsubscribe = /\/api\/favorites\/reminders\/[A-Za-z0-9_-]{22}/.exec(reminder.text)![0];

  // Opening the link asks (nothing changes); the button unsubscribes; no account needed.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(unsubscribe);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Occasion reminders' })).toBeVisible();
  expect(((await (await stranger.request.get(unsubscribe)).json()) as { data: { unsubscribed: boolean } }).data.unsubscribed).toBe(false);
  await expectNoHorizontalOverflow(stranger);
  await expectAccessible(stranger);
  await stranger.getByRole('button', { name: 'Stop the reminders' }).focus();
  await stranger.keyboard.press('Enter');
  await expect(stranger.getByRole('status')).toContainText('you will receive no more reminders');
  await strangerContext.close();

  // Visitors see how far the occasion is.
  await fan.goto(`/see/${listId}`);
  if (lang === 'fr') await languageSwitch(fan, 'fr').click();
  await expectAppShown(fan);
  await expect(fan.getByText(t.upcoming)).toBeVisible();
  await expectAccessible(fan);

  // The owner marks the product received on its card; visitors never see that mark.
  await page.goto(`/product-list/${listId}`);
  const toggle = page.getByRole('button', { name: t.received('Kite') });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/product-lists/${listId}`, { headers: owner })).json()) as { data: { products: { received?: boolean }[] } }).data.products[0].received)
    .toBe(true);
  await expect(fan.getByRole('button', { name: /Kite/ }).first()).toBeVisible();
  expect(await fan.getByRole('button', { name: t.received('Kite') }).count()).toBe(0);

  // Archived from the lists page: it moves to its own section, visitors are told, offers refused.
  await page.goto('/product-lists');
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('region', { name: t.listActions }).getByRole('button', { name: t.archive, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: t.archivedSection })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await fan.reload();
  await expectAppShown(fan);
  await expect(fan.getByText(t.archivedNote)).toBeVisible();
  const offer = await fan.request.post('/api/offerings', {
    data: { isExpectingAddress: false, products: [productId], offererEmail: fanEmail, language: lang },
  });
  expect(offer.status()).toBe(409);
  expect(((await offer.json()) as { error: { code: string } }).error.code).toBe('list_archived');

  // Still one reminder: the sweeps since made no other.
  expect(await remindersTo(page, fanEmail)).toHaveLength(1);

  // Restored: it leaves the archived section.
  await page.getByRole('button', { name: t.restore(name) }).click();
  await expect(page.getByRole('heading', { level: 2, name: t.archivedSection })).toHaveCount(0);
  await fanContext.close();
});
