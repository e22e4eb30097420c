// Lists kept together: the owner invites a co-manager by e-mail from the list's edit page, the
// invitation's link is opened in another browser, which signs in and comes back to accept, and
// the new manager adds a product that the owner then sees (desktop in English, 360 px in French).
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { APPROVE_SIGN_IN, latestMailTo, signIn, storedBearer, uniqueEmail, validationPath } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow, languageSwitch } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';

const TEXTS = {
  en: {
    keepers: 'People who keep this list',
    invite: 'Invite by e-mail',
    send: 'Send the invitation',
    pending: 'Invitation sent, waiting for an answer',
    active: 'Keeps the list',
    invitationTitle: 'Keep a wish list together',
    signIn: 'Sign in to accept',
    accept: 'Accept and keep this list',
    address: 'Address of the product page',
    continue: 'Continue',
    name: 'Name',
    list: 'List',
    add: 'Add to my list',
  },
  fr: {
    keepers: 'Personnes qui tiennent cette liste',
    invite: 'Inviter par e-mail',
    send: 'Envoyer l’invitation',
    pending: 'Invitation envoyée, en attente de réponse',
    active: 'Tient la liste',
    invitationTitle: 'Tenir une liste d’envies à plusieurs',
    signIn: 'Se connecter pour accepter',
    accept: 'Accepter et tenir cette liste',
    address: 'Adresse de la page du produit',
    continue: 'Continuer',
    name: 'Nom',
    list: 'Liste',
    add: 'Ajouter à ma liste',
  },
} as const;

async function checkPage(page: Page, info: TestInfo) {
  await expectAccessible(page);
  if (isMobile(info)) await expectNoHorizontalOverflow(page);
}

test('a co-manager invited by e-mail accepts after signing in and adds a product to the list', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const lang = isMobile(info) ? 'fr' : 'en';
  const t = TEXTS[lang];

  // The owner and their list.
  await signIn(page, 'keepers-owner');
  const bearer = await storedBearer(page);
  const listName = `Kept ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/product-lists', { headers: { Authorization: `Bearer ${bearer}` }, data: { name: listName, recipient: 'us' } });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { data: { id: string } }).data.id;

  // The owner invites, from the list's edit page, with the keyboard.
  await page.goto(`/edit-product-list/${listId}`);
  if (lang === 'fr') await languageSwitch(page, 'fr').click();
  const section = page.getByRole('region', { name: t.keepers });
  await expect(section).toBeVisible();
  const friendEmail = uniqueEmail('keepers-friend');
  const field = section.getByRole('textbox', { name: new RegExp(t.invite) });
  await field.fill(friendEmail);
  await field.press('Enter');
  await expect(section.getByText(friendEmail)).toBeVisible();
  await expect(section.getByText(t.pending)).toBeVisible();
  await checkPage(page, info);

  // The invitation mail, in the language of the owner's screen.
  const mail = await latestMailTo(page.request, friendEmail);
  const link = new RegExp(`/${lang}/list-invitation#([A-Za-z0-9_-]{22})`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  const invitationPath = link![0];

  // Another browser opens the link: it asks first, changes nothing, and signing in comes back here.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(invitationPath);
  await expect(friend.getByRole('heading', { level: 1, name: t.invitationTitle })).toBeVisible();
  await expect(friend.getByText(listName, { exact: false })).toBeVisible();
  await checkPage(friend, info);
  await friend.getByRole('button', { name: t.signIn }).click();
  await expect(friend).toHaveURL(/\/authenticate\/mandatory$/);
  await friend.getByLabel(/e-mail/i).fill(friendEmail);
  await friend.getByRole('button', { name: /sign-in link|lien de connexion/i }).click();
  await expect(friend).toHaveURL(/\/check-your-emails$/);
  const { path } = validationPath(await latestMailTo(friend.request, friendEmail, mail.sentAt));
  await friend.goto(path);
  await friend.getByRole('button', { name: APPROVE_SIGN_IN }).click();
  await expect(friend).toHaveURL(new RegExp(`/${lang}/list-invitation`), { timeout: 20_000 });

  // Accepting (a POST) opens the list, now one of the friend's lists.
  const accept = friend.getByRole('button', { name: t.accept });
  await accept.focus();
  await friend.keyboard.press('Enter');
  await expect(friend).toHaveURL(new RegExp(`/product-list/${listId}`), { timeout: 20_000 });

  // The manager adds a product into the list from a shop's page: the list is among the choices.
  await friend.goto(`/create-product/${listId}`);
  await friend.getByLabel(t.address).fill(`${SHOP_URL}/products/teapot.html`);
  await friend.getByRole('button', { name: t.continue }).click();
  const name = friend.getByRole('textbox', { name: t.name, exact: true });
  await expect(name).toBeVisible({ timeout: 20_000 });
  await name.fill('Teapot from the co-manager');
  await expect(friend.getByRole('combobox', { name: t.list, exact: true })).toHaveValue(listId);
  await friend.getByRole('button', { name: t.add }).click();
  await expect(friend).toHaveURL(new RegExp(`/product-list/${listId}/[0-9a-f]{24}$`), { timeout: 20_000 });

  // The owner sees it, and the keepers' section says the friend keeps the list.
  await page.goto(`/product-list/${listId}`);
  await expect(page.getByText('Teapot from the co-manager').first()).toBeVisible({ timeout: 20_000 });
  await page.goto(`/edit-product-list/${listId}`);
  await expect(page.getByRole('region', { name: t.keepers }).getByText(t.active)).toBeVisible();
  await friendContext.close();
});
