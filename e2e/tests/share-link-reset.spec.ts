// Resetting a list's share link from the share page (desktop in English, 360 px in French): the
// confirmation says the old link stops working, the page shows the new link, the old link leads
// to the not-found page at once (through the gateway's cache of anonymous reads), the new one
// shows the list, and a visitor's favorite follows the list.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow, languageSwitch } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';

const TEXTS = {
  en: {
    linkLabel: 'Link to your list',
    reset: 'Reset the link',
    dialog: /^Reset the link to “.+”\?$/,
    stops: 'The old link stops working at once',
    done: 'The list has a new link. The old one no longer works.',
  },
  fr: {
    linkLabel: 'Lien vers votre liste',
    reset: 'Changer le lien',
    dialog: /^Changer le lien de « .+ » \?$/,
    stops: 'L’ancien lien cesse aussitôt de fonctionner',
    done: 'La liste a un nouveau lien. L’ancien ne fonctionne plus.',
  },
} as const;

async function listIdOf(page: Page, bearer: string, name: string): Promise<string> {
  const res = await page.request.post('/api/product-lists', { headers: { Authorization: `Bearer ${bearer}` }, data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test('the owner resets a link: the old one stops working, the new one shows the list, favorites follow', async ({ page, browser }, info) => {
  const lang = isMobile(info) ? 'fr' : 'en';
  const t = TEXTS[lang];
  await signIn(page, 'link-reset');
  const bearer = await storedBearer(page);
  const name = `Reset ${Date.now().toString(36)}`;
  const oldId = await listIdOf(page, bearer, name);

  // A visitor (signed in elsewhere) keeps the list in their favorites; an anonymous read is cached.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await signIn(fan, 'link-reset-fan');
  const fanHeaders = { Authorization: `Bearer ${await storedBearer(fan)}` };
  expect((await fan.request.put(`/api/favorites/${oldId}`, { headers: fanHeaders })).status()).toBe(204);
  expect((await page.request.get(`/api/product-lists/${oldId}`)).status()).toBe(200);

  await page.goto(`/share-product-list/${oldId}`);
  if (lang === 'fr') await languageSwitch(page, 'fr').click();
  const linkField = page.getByLabel(t.linkLabel);
  await expect(linkField).toHaveValue(new RegExp(`/see/${oldId}$`));

  // The keyboard reaches the action; cancelling keeps the link.
  const resetButton = page.getByRole('button', { name: t.reset, exact: true });
  await resetButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t.stops);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(linkField).toHaveValue(new RegExp(`/see/${oldId}$`));

  await resetButton.click();
  await dialog.getByRole('button', { name: t.reset, exact: true }).click();
  await expect(page.getByText(t.done)).toBeVisible();
  await expect(linkField).not.toHaveValue(new RegExp(`/see/${oldId}$`));
  const link = await linkField.inputValue();
  const newId = /\/see\/([0-9a-f]{24})$/.exec(link)![1];
  expect(newId).not.toBe(oldId);
  await expect(page).toHaveURL(new RegExp(`/share-product-list/${newId}$`));

  // The old link: gone at once, for anyone (no cached answer); the new one shows the list.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.request.get(`/api/product-lists/${oldId}`)).status()).toBe(404);
  await visitor.goto(`/see/${oldId}`);
  await expect(visitor).toHaveURL(/\/not-found$/);
  await visitor.goto(`/see/${newId}`);
  await expect(visitor.getByRole('heading', { name })).toBeVisible();

  // The fan's favorite follows the list.
  const favorites = (await (await fan.request.get('/api/favorites', { headers: fanHeaders })).json()) as { data: { id: string }[] };
  expect(favorites.data.map((f) => f.id)).toEqual([newId]);
  await visitorContext.close();
  await fanContext.close();
});
