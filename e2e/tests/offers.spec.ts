// Basket, offer and offering journeys. The owner signs in (link from the outbox), adds two
// products from the local shop and shares the list; anonymous visitors (other browser contexts)
// fill a basket and offer, then confirm their address from the verification mail's link (the
// owner hears nothing before); the owner answers from the e-mail's link (address or refusal); the
// giver's e-mails and the list's offered state follow. Desktop runs in English, 360 px in French
// (browser locale fr-FR: app pages have no language prefix).
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { latestMailTo, openAndApprove, storedBearer, uniqueEmail, validationPath, type OutboxMail } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow } from './helpers';

type Lang = 'en' | 'fr';

const TEXTS = {
  en: {
    signInEmail: /e-mail address/i,
    signInSubmit: /send me a sign-in link/i,
    signOut: /sign out/i,
    productUrl: /address of the product page/i,
    continue: /^continue$/i,
    productName: /^name/i,
    addToList: /add to my list/i,
    productAdded: /the product is added to your list/i,
    shareLink: /link to your list/i,
    addToBasket: /^add to basket$/i,
    removeFromBasket: /^remove from basket$/i,
    addedTitle: /added to your basket/i,
    addMore: /^add more products$/i,
    offerBasket: /^offer my basket$/i,
    basketLabel: (n: number) => new RegExp(`^basket: ${n} products?$`, 'i'),
    basketTitle: 'Products to gift',
    offerFor: /^offer for /i,
    offerTitle: 'Offer the gifts',
    email: /^your e-mail/i,
    emailInvalid: /enter a valid e-mail address/i,
    identity: /^your name/i,
    message: /^message/i,
    needAddress: /i need the address/i,
    knowAddress: /i know the address/i,
    sendOffer: /send my offer/i,
    created: 'One more step: confirm your offer',
    checkMailbox: /confirm your offer within 24 hours: until then the owner of the list hears nothing of it/i,
    resend: /^send the mail again$/i,
    confirmTitle: 'Confirm your gift offer',
    confirmOffer: /^confirm my offer$/i,
    confirmed: 'Thank you, your offer is confirmed',
    mailVerification: /^confirm your gift offer$/i,
    offeringTitle: (name: string) => `${name} wants to offer you gifts`,
    pending: /waiting for your answer/i,
    addressField: /your delivery address/i,
    sendAddress: /send my address/i,
    confirmSend: /confirm and send/i,
    addressSent: /the address has been sent/i,
    addressGiven: /you sent your address/i,
    refuseTitle: /refuse this offer\?/i,
    refuseConfirm: /^refuse the offer$/i,
    refused: /the offer is refused and the giver has been told/i,
    refusedState: /you refused this offer/i,
    offeredBadge: /^offered$/i,
    alreadyOffered: /someone has just offered .* it was removed from your basket/i,
    basketEmpty: /your basket is empty/i,
    mailArrival: /^someone wants to offer you gifts/i,
    mailConfirmation: /^your gift offer was sent$/i,
    mailAddress: /^the address for your gifts$/i,
    mailRefusal: /^your gift offer was declined$/i,
  },
  fr: {
    signInEmail: /adresse e-mail/i,
    signInSubmit: /m’envoyer un lien de connexion/i,
    signOut: /se déconnecter/i,
    productUrl: /adresse de la page du produit/i,
    continue: /^continuer$/i,
    productName: /^nom/i,
    addToList: /ajouter à ma liste/i,
    productAdded: /produit est ajouté/i,
    shareLink: /lien vers votre liste/i,
    addToBasket: /^ajouter au panier$/i,
    removeFromBasket: /^retirer du panier$/i,
    addedTitle: /ajouté à votre panier/i,
    addMore: /^ajouter d’autres produits$|^ajouter d'autres produits$/i,
    offerBasket: /^offrir mon panier$/i,
    basketLabel: (n: number) => new RegExp(`^panier : ${n} produits?$`, 'i'),
    basketTitle: 'Produits à offrir',
    offerFor: /^offrir pour /i,
    offerTitle: 'Offrir les cadeaux',
    email: /^votre e-mail/i,
    emailInvalid: /saisissez une adresse e-mail valide/i,
    identity: /^votre nom/i,
    message: /^message/i,
    needAddress: /j['’]ai besoin de l['’]adresse/i,
    knowAddress: /je connais l['’]adresse/i,
    sendOffer: /envoyer mon offre/i,
    created: 'Dernière étape\u00a0: confirmez votre offre',
    checkMailbox: /confirmez votre offre dans les 24 heures\u00a0: d’ici là, le propriétaire de la liste n’en sait rien/i,
    resend: /^renvoyer l’e-mail$/i,
    confirmTitle: 'Confirmez votre offre de cadeau',
    confirmOffer: /^confirmer mon offre$/i,
    confirmed: 'Merci, votre offre est confirmée',
    mailVerification: /^confirmez votre offre de cadeau$/i,
    offeringTitle: (name: string) => `${name} veut vous offrir des cadeaux`,
    pending: /en attente de votre réponse/i,
    addressField: /votre adresse de livraison/i,
    sendAddress: /envoyer mon adresse/i,
    confirmSend: /confirmer et envoyer/i,
    addressSent: /l['’]adresse a été envoyée/i,
    addressGiven: /vous avez envoyé votre adresse/i,
    refuseTitle: /refuser cette offre/i,
    refuseConfirm: /^refuser l['’]offre$/i,
    refused: /l['’]offre est refusée/i,
    refusedState: /vous avez refusé cette offre/i,
    offeredBadge: /^offert$/i,
    alreadyOffered: /quelqu['’]un vient d['’]offrir .* retiré de votre panier/i,
    basketEmpty: /votre panier est vide/i,
    mailArrival: /^quelqu['’]un veut vous offrir des cadeaux/i,
    mailConfirmation: /^votre offre de cadeau a été envoyée$/i,
    mailAddress: /^l['’]adresse pour vos cadeaux$/i,
    mailRefusal: /^votre offre de cadeau a été déclinée$/i,
  },
} as const;
type Texts = (typeof TEXTS)[Lang];

const SHOP = {
  teapot: { slug: 'teapot', name: 'Cast iron teapot', cents: 3490 },
  scarf: { slug: 'scarf', name: 'Merino wool scarf', cents: 5900 },
  lamp: { slug: 'lamp', name: 'Brass desk lamp', cents: 12950 },
  book: { slug: 'book', name: 'Le Petit Prince (illustrated)', cents: 1250 },
};
type ShopProduct = (typeof SHOP)[keyof typeof SHOP];
const shopUrl = (p: ShopProduct) => `${SHOP_URL}/products/${p.slug}.html`;

const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile-360';
/** The address journey: English on desktop, French at 360 px. */
const journeyLang = (testInfo: TestInfo): Lang => (isMobile(testInfo) ? 'fr' : 'en');

/** A fresh browser context (another browser: nothing shared) with the project's viewport and the given language. */
async function newVisitor(browser: Browser, testInfo: TestInfo, lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    hasTouch,
    isMobile: mobile,
    baseURL,
    userAgent,
    deviceScaleFactor,
    locale: lang === 'fr' ? 'fr-FR' : 'en-US',
  });
  return { context, page: await context.newPage() };
}

/** Mails to `to` from the outbox, newest first. */
async function mailsTo(page: Page, to: string): Promise<OutboxMail[]> {
  const mails = (await (await page.request.get('/dev/mails')).json()) as OutboxMail[];
  return mails.filter((m) => m.to.includes(to));
}

/** Waits for a mail to `to` whose subject matches `subject` (and text `text`, when given). */
async function mailMatching(page: Page, to: string, subject: RegExp, text?: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(page, to)).find((m) => subject.test(m.subject) && (!text || text.test(m.text)));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to} with subject ${subject}${text ? ` and text ${text}` : ''}` },
    )
    .toBe(true);
  return found!;
}

/** The owner signs in through the UI in the given language, with the link from the outbox. */
async function ownerSignsIn(page: Page, T: Texts): Promise<{ email: string; listId: string; bearer: string }> {
  const email = uniqueEmail('owner');
  await page.goto('/authenticate');
  await page.getByLabel(T.signInEmail).fill(email);
  await page.getByRole('button', { name: T.signInSubmit }).click();
  await expect(page).toHaveURL(/\/check-your-emails$/);
  const { path } = validationPath(await latestMailTo(page.request, email));
  await openAndApprove(page, path);
  await expect(page).toHaveURL(/\/product-list\/[^/]+/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: T.signOut }).first()).toBeAttached();
  const listId = /\/product-list\/([^/?#]+)/.exec(page.url())![1];
  return { email, listId, bearer: await storedBearer(page) };
}

/** The owner adds a shop product through the product form (URL step, prefilled form, save). */
async function addProductThroughUi(page: Page, T: Texts, listId: string, product: ShopProduct): Promise<void> {
  await page.goto(`/create-product/${listId}`);
  await page.getByLabel(T.productUrl).fill(shopUrl(product));
  await page.getByRole('button', { name: T.continue }).click();
  await expect(page.getByLabel(T.productName).first()).toHaveValue(product.name, { timeout: 20_000 });
  const save = page.getByRole('button', { name: T.addToList });
  await expect(save).toBeEnabled({ timeout: 20_000 });
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/product-list/${listId}/[^/]+$`), { timeout: 20_000 });
  await expect(productCard(page, product)).toBeVisible();
}

/** Setup already covered by the lists specs: a product through the API with the page's metadata. */
async function addProductThroughApi(page: Page, bearer: string, listId: string, product: ShopProduct): Promise<string> {
  const headers = { Authorization: `Bearer ${bearer}` };
  const meta = await page.request.post('/api/pages/metadata', { headers, data: { url: shopUrl(product) } });
  expect(meta.status()).toBe(200);
  const { data } = (await meta.json()) as { data: { url: string; title: string; images: string[] } };
  const res = await page.request.post('/api/products-in-lists', {
    headers,
    data: { name: product.name, price: product.cents, image: data.images?.[0] ?? '', url: data.url ?? shopUrl(product), productListId: listId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The owner opens the sharing page and reads the share link. */
async function shareLink(page: Page, T: Texts, listId: string): Promise<string> {
  await page.goto(`/share-product-list/${listId}`);
  const field = page.getByLabel(T.shareLink);
  await expect(field).toHaveValue(new RegExp(`/see/${listId}$`));
  return new URL(await field.inputValue()).pathname;
}

/** The offered flags of the list, as the owner's API sees them. */
async function offeredFlags(page: Page, bearer: string, listId: string): Promise<Record<string, boolean>> {
  const res = await page.request.get(`/api/product-lists/${listId}`, { headers: { Authorization: `Bearer ${bearer}` } });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { products: { name: string; hasBeenOffered: boolean }[] } };
  return Object.fromEntries(data.products.map((p) => [p.name, p.hasBeenOffered]));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A product card's select button (named by its content: name, price, shop). */
const productCard = (page: Page, product: ShopProduct) => page.getByRole('button', { name: new RegExp(`^${escapeRe(product.name)}(\\s|$)`) });

/** A visitor selects a product on the shared list and adds it to the basket. */
async function addToBasket(page: Page, T: Texts, product: ShopProduct): Promise<void> {
  await productCard(page, product).click();
  const add = page.getByRole('button', { name: T.addToBasket });
  await expect(add).toBeEnabled();
  await add.click();
  // The page notification offers to send the basket or to add more.
  const popin = page.locator('#tab-popin');
  await expect(popin.getByText(T.addedTitle)).toBeVisible();
  await expect(popin).toContainText(product.name);
  await expect(popin.getByRole('button', { name: T.offerBasket })).toBeVisible();
  // Wait for the entering animation to end (a draggable toast moving under the pointer).
  await expect(popin).not.toHaveClass(/Toastify--animate/);
  await popin.getByRole('button', { name: T.addMore }).click();
  await expect(popin).toHaveCount(0);
  // The pointer now rests on whatever was under the popin (hover focuses a card): select it again.
  await productCard(page, product).click();
  await expect(productCard(page, product)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: T.removeFromBasket })).toBeVisible();
}

const basketIds = (page: Page) =>
  page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('basket') ?? 'null') as unknown;
    const list = Array.isArray(raw) ? raw : ((raw as { state?: { products?: unknown[] }; products?: unknown[] } | null)?.state?.products ?? (raw as { products?: unknown[] } | null)?.products ?? []);
    return (list as { name: string }[]).map((p) => p.name).sort();
  });

/** The header basket: count (and on desktop, the hover contents with the total). */
async function checkHeaderBasket(page: Page, T: Texts, testInfo: TestInfo, products: ShopProduct[], total: RegExp): Promise<void> {
  const banner = page.getByRole('banner');
  if (isMobile(testInfo)) {
    const link = banner.getByRole('link', { name: T.basketLabel(products.length) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/basket');
  } else {
    const button = banner.getByRole('button', { name: T.basketLabel(products.length) });
    await expect(button).toBeVisible();
    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    for (const p of products) await expect(panel.getByText(p.name)).toBeVisible();
    await expect(panel.getByRole('link', { name: T.offerFor })).toHaveText(total);
    await page.mouse.move(1, 700);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  }
}

/** Fills and sends the offer form from /offer; returns the offering id of the confirmation page. */
async function sendOffer(page: Page, T: Texts, giver: { email: string; name: string; message: string; needAddress: boolean }) {
  await page.getByLabel(T.email).fill(giver.email);
  await page.getByLabel(T.identity).fill(giver.name);
  await page.getByLabel(T.message).fill(giver.message);
  await page.getByRole('radio', { name: giver.needAddress ? T.needAddress : T.knowAddress }).check();
  await page.getByRole('button', { name: T.sendOffer }).click();
  await expect(page).toHaveURL(/\/offer-created\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.created);
  return decodeURIComponent(/\/offer-created\/([^/?#]+)/.exec(page.url())![1]);
}

/** The verification mail's link, as a path with its fragment: /{lang}/offer-confirmation/{id}#code=… */
async function verificationPath(page: Page, T: Texts, giverEmail: string, offeringId: string): Promise<{ mail: OutboxMail; path: string }> {
  const mail = await mailMatching(page, giverEmail, T.mailVerification, new RegExp(`/offer-confirmation/${offeringId}#code=`));
  const link = new RegExp(`https?://[^\\s"<>]+/(en|fr)/offer-confirmation/${offeringId}#code=[A-Za-z0-9_-]+`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  const url = new URL(link![0]);
  return { mail, path: url.pathname + url.hash };
}

/** The giver opens the verification mail's link and confirms (the owner is told from then on). */
async function confirmFromMail(page: Page, T: Texts, giverEmail: string, offeringId: string): Promise<void> {
  const { path } = await verificationPath(page, T, giverEmail, offeringId);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.confirmTitle, { timeout: 20_000 });
  await page.getByRole('button', { name: T.confirmOffer }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.confirmed);
}

/** The owner's arrival mail: links to /offerings/{id} and /offerings/{id}/refuse. */
async function ownerArrivalMail(page: Page, T: Texts, ownerEmail: string, offeringId: string) {
  const mail = await mailMatching(page, ownerEmail, T.mailArrival, new RegExp(`/offerings/${offeringId}`));
  expect(mail.text).toContain(`/offerings/${offeringId}/refuse`);
  expect(mail.html).toContain(`/offerings/${offeringId}`);
  const link = new RegExp(`https?://[^\\s"<>]+/offerings/${offeringId}(?=[\\s"<>]|$)`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  const refuse = new RegExp(`https?://[^\\s"<>]+/offerings/${offeringId}/refuse`).exec(mail.text);
  expect(refuse, mail.text).not.toBeNull();
  return { mail, view: new URL(link![0]).pathname, refuse: new URL(refuse![0]).pathname };
}

test.describe('the address journey', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(journeyLang(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  test('owner shares, a visitor offers and asks for the address, the owner gives it, the products are offered', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const lang = journeyLang(testInfo);
    const T = TEXTS[lang];
    const [teapot, scarf] = [SHOP.teapot, SHOP.scarf];

    // The owner: sign-in by mail, two products from the shop (one through the form), share.
    const owner = await ownerSignsIn(page, T);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await addProductThroughUi(page, T, owner.listId, teapot);
    await addProductThroughUi(page, T, owner.listId, scarf);
    const sharePath = await shareLink(page, T, owner.listId);
    await expectAccessible(page);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(page);

    // A visitor in another browser opens the share link and fills the basket.
    const visitor = await newVisitor(browser, testInfo, lang);
    const v = visitor.page;
    await v.goto(sharePath);
    await expect(productCard(v, teapot)).toBeVisible({ timeout: 20_000 });
    await expect(v.locator('html')).toHaveAttribute('lang', lang);
    await expectAppShown(v);
    // Nothing selected yet: add to basket is disabled.
    await expect(v.getByRole('button', { name: T.addToBasket })).toBeDisabled();
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await addToBasket(v, T, teapot);
    await addToBasket(v, T, scarf);
    // Prices in the page's language.
    const total = lang === 'fr' ? /93,90\s€/ : /€93\.90/;
    await checkHeaderBasket(v, T, testInfo, [teapot, scarf], total);

    // The basket survives a reload (localStorage `basket`).
    expect(await basketIds(v)).toEqual([scarf.name, teapot.name].sort());
    await v.reload();
    await expect(productCard(v, teapot)).toBeVisible({ timeout: 20_000 });
    await expectAppShown(v);
    await checkHeaderBasket(v, T, testInfo, [teapot, scarf], total);

    // The basket page: both products, the total on the offer button.
    await v.goto('/basket');
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.basketTitle);
    await expect(v.getByRole('main').getByText(teapot.name)).toBeVisible();
    await expect(v.getByRole('main').getByText(scarf.name)).toBeVisible();
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    const offerButton = v.getByRole('button', { name: T.offerFor });
    await expect(offerButton).toHaveText(total);
    await offerButton.click();

    // The offer form: the e-mail is flagged only after the first submit.
    await expect(v).toHaveURL(/\/offer$/);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.offerTitle);
    const email = v.getByLabel(T.email);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('not-an-address');
    await email.blur();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(v.getByText(T.emailInvalid)).toHaveCount(0);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await v.getByRole('button', { name: T.sendOffer }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(v.getByText(T.emailInvalid)).toBeVisible();
    await expect(email).toBeFocused();
    await expect(v).toHaveURL(/\/offer$/);

    const giverEmail = uniqueEmail('giver');
    const giverName = lang === 'fr' ? 'Tante Amélie' : 'Aunt Amelia';
    const offeringId = await sendOffer(v, T, { email: giverEmail, name: giverName, message: 'Happy birthday!', needAddress: true });
    await expect(v.getByRole('main').getByText(teapot.name)).toBeVisible();
    await expect(v.getByRole('main').getByText(scarf.name)).toBeVisible();
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    // The basket is cleared after the offering is created.
    expect(await basketIds(v)).toEqual([]);
    await expect(v.getByTestId('offer-created-message')).toHaveText(T.checkMailbox);

    // The giver confirms their address from the verification mail.
    await confirmFromMail(v, T, giverEmail, offeringId);

    // The giver's confirmation lists the basket.
    const confirmation = await mailMatching(v, giverEmail, T.mailConfirmation);
    expect(confirmation.text).toContain(teapot.name);
    expect(confirmation.text).toContain(scarf.name);

    // The owner's arrival mail; the owner opens its link in their own browser.
    const arrival = await ownerArrivalMail(page, T, owner.email, offeringId);
    expect(arrival.mail.text).toContain(giverName);
    expect(arrival.mail.text).not.toContain(giverEmail);
    await page.goto(arrival.view);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.offeringTitle(giverName), { timeout: 20_000 });
    await expect(page.getByText(T.pending)).toBeVisible();
    await expect(page.getByText('Happy birthday!')).toBeVisible();
    await expect(page.getByRole('main').getByText(teapot.name)).toBeVisible();
    await expect(page.getByRole('main').getByText(scarf.name)).toBeVisible();
    await expectAccessible(page);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(page);

    // The address: enter, confirm, send.
    const address = `Camille Martin\n12 rue des Lilas ${Date.now() % 100000}\n75011 Paris\nFrance`;
    await page.getByLabel(T.addressField).fill(address);
    await page.getByRole('button', { name: T.sendAddress }).click();
    const confirmSend = page.getByRole('button', { name: T.confirmSend });
    await expect(confirmSend).toBeVisible();
    await expect(page.getByText('12 rue des Lilas', { exact: false }).first()).toBeVisible();
    await confirmSend.click();
    await expect(page.getByText(T.addressSent).first()).toBeVisible();
    await expect(page.getByText(T.addressGiven)).toBeVisible();
    await expectAccessible(page);

    // The giver's mail holds the address.
    const addressMail = await mailMatching(v, giverEmail, T.mailAddress);
    for (const line of address.split('\n')) expect(addressMail.text).toContain(line);
    expect(addressMail.text).toContain(teapot.name);

    // The products show as offered: the owner's API, the visitor's list page.
    expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [teapot.name]: true, [scarf.name]: true });
    await v.goto(sharePath);
    await expect(productCard(v, teapot)).toBeVisible({ timeout: 20_000 });
    await expect(productCard(v, teapot).getByText(T.offeredBadge)).toBeVisible();
    await expect(productCard(v, scarf).getByText(T.offeredBadge)).toBeVisible();
    await visitor.context.close();

    // A second visitor (fresh browser) cannot add them.
    const second = await newVisitor(browser, testInfo, lang);
    await second.page.goto(sharePath);
    for (const p of [teapot, scarf]) {
      await productCard(second.page, p).click();
      await expect(productCard(second.page, p)).toHaveAttribute('aria-pressed', 'true');
      await expect(second.page.getByRole('button', { name: T.addToBasket })).toBeDisabled();
    }
    expect(await basketIds(second.page)).toEqual([]);
    await second.context.close();
  });
});

test('refusal: the giver is told and the products can be offered again', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const T = TEXTS.en;
  const [lamp, book] = [SHOP.lamp, SHOP.book];
  const owner = await ownerSignsIn(page, T);
  await addProductThroughUi(page, T, owner.listId, lamp);
  await addProductThroughApi(page, owner.bearer, owner.listId, book);
  const sharePath = await shareLink(page, T, owner.listId);

  const visitor = await newVisitor(browser, testInfo, 'en');
  const v = visitor.page;
  await v.goto(sharePath);
  await expect(productCard(v, lamp)).toBeVisible({ timeout: 20_000 });
  await addToBasket(v, T, lamp);
  await addToBasket(v, T, book);
  await checkHeaderBasket(v, T, testInfo, [lamp, book], /€142\.00/);
  if (isMobile(testInfo)) {
    await v.getByRole('banner').getByRole('link', { name: T.basketLabel(2) }).click();
    await expect(v).toHaveURL(/\/basket$/);
  } else {
    const button = v.getByRole('banner').getByRole('button', { name: T.basketLabel(2) });
    await button.hover();
    await v.locator(`[id="${await button.getAttribute('aria-controls')}"]`).getByRole('link', { name: /see my basket/i }).click();
    await expect(v).toHaveURL(/\/basket$/);
  }
  await v.getByRole('button', { name: T.offerFor }).click();
  const giverEmail = uniqueEmail('refused-giver');
  const offeringId = await sendOffer(v, T, { email: giverEmail, name: 'Uncle Bob', message: 'For your new flat', needAddress: false });
  await confirmFromMail(v, T, giverEmail, offeringId);
  const confirmation = await mailMatching(v, giverEmail, T.mailConfirmation);
  expect(confirmation.text).toContain(lamp.name);
  expect(confirmation.text).toContain(book.name);
  expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [lamp.name]: true, [book.name]: true });

  // The owner follows the refusal link: the dialog opens on load.
  const arrival = await ownerArrivalMail(page, T, owner.email, offeringId);
  await page.goto(arrival.refuse);
  const dialog = page.getByRole('dialog', { name: T.refuseTitle });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: T.refuseConfirm }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(T.refused).first()).toBeVisible();
  await expect(page.getByText(T.refusedState)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/offerings/${offeringId}$`));
  if (isMobile(testInfo)) await expectNoHorizontalOverflow(page);

  // The giver is told.
  const refusal = await mailMatching(v, giverEmail, T.mailRefusal);
  expect(refusal.text).toContain(lamp.name);
  expect(refusal.text).toContain(book.name);
  await visitor.context.close();

  // The products are no longer offered; a new visitor can add them.
  expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [lamp.name]: false, [book.name]: false });
  const next = await newVisitor(browser, testInfo, 'en');
  await next.page.goto(sharePath);
  await expect(productCard(next.page, lamp)).toBeVisible({ timeout: 20_000 });
  await expect(next.page.getByText(T.offeredBadge)).toHaveCount(0);
  await addToBasket(next.page, T, lamp);
  await addToBasket(next.page, T, book);
  expect(await basketIds(next.page)).toEqual([lamp.name, book.name].sort());
  await next.context.close();
});

test('race: two visitors offer the same product, the second is told and the product leaves their basket', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const T = TEXTS.en;
  const [teapot, book] = [SHOP.teapot, SHOP.book];
  const owner = await ownerSignsIn(page, T);
  await addProductThroughUi(page, T, owner.listId, teapot);
  await addProductThroughApi(page, owner.bearer, owner.listId, book);
  const sharePath = await shareLink(page, T, owner.listId);

  const first = await newVisitor(browser, testInfo, 'en');
  const second = await newVisitor(browser, testInfo, 'en');
  for (const vis of [first, second]) {
    await vis.page.goto(sharePath);
    await expect(productCard(vis.page, teapot)).toBeVisible({ timeout: 20_000 });
  }
  await addToBasket(first.page, T, teapot);
  await addToBasket(second.page, T, teapot);
  await addToBasket(second.page, T, book);

  // Both reach the offer form; the first sends.
  for (const vis of [first, second]) {
    await vis.page.goto('/offer');
    await expect(vis.page.getByRole('heading', { level: 1 })).toHaveText(T.offerTitle);
  }
  await sendOffer(first.page, T, { email: uniqueEmail('race-first'), name: 'First', message: '', needAddress: true });

  // The second submit: 409, the notification names the product, it leaves the basket.
  const s = second.page;
  await s.getByLabel(T.email).fill(uniqueEmail('race-second'));
  const answer = s.waitForResponse((r) => r.url().endsWith('/api/offerings') && r.request().method() === 'POST');
  await s.getByRole('button', { name: T.sendOffer }).click();
  expect((await answer).status()).toBe(409);
  await expect(s.getByText(T.alreadyOffered)).toBeVisible();
  await expect(s.getByText(T.alreadyOffered)).toContainText(teapot.name);
  await expect(s).toHaveURL(/\/offer$/);
  expect(await basketIds(s)).toEqual([book.name]);
  await checkHeaderBasket(s, T, testInfo, [book], /€12\.50/);
  await expectAccessible(s);
  // Only the first giver's product is offered; the book is still free.
  expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [teapot.name]: true, [book.name]: false });
  // The second giver can still offer what is left.
  await s.getByRole('button', { name: T.sendOffer }).click();
  await expect(s).toHaveURL(/\/offer-created\/[^/]+$/, { timeout: 20_000 });
  expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [teapot.name]: true, [book.name]: true });
  await first.context.close();
  await second.context.close();
});

test.describe('the giver confirms their address', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(journeyLang(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  test('an anonymous offer reaches the owner only once the giver confirms from the mail; opening the link changes nothing', async ({ page, browser }, testInfo) => {
    test.setTimeout(150_000);
    const lang = journeyLang(testInfo);
    const T = TEXTS[lang];
    const lamp = SHOP.lamp;
    const owner = await ownerSignsIn(page, T);
    await addProductThroughApi(page, owner.bearer, owner.listId, lamp);
    const sharePath = await shareLink(page, T, owner.listId);
    const ownerReads = async (id: string) =>
      (await page.request.get(`/api/offerings/${id}`, { headers: { Authorization: `Bearer ${owner.bearer}` } })).status();

    const visitor = await newVisitor(browser, testInfo, lang);
    const v = visitor.page;
    await v.goto(sharePath);
    await expect(productCard(v, lamp)).toBeVisible({ timeout: 20_000 });
    await addToBasket(v, T, lamp);
    await v.goto('/offer');
    const giverEmail = uniqueEmail('confirming-giver');
    const giverName = `Cousin ${Date.now() % 100000}`;
    const message = `Spam-looking words ${Date.now() % 100000}`;
    const offeringId = await sendOffer(v, T, { email: giverEmail, name: giverName, message, needAddress: false });

    // The offer-created page: check the mailbox, the owner hears nothing until then; the mail can be sent again.
    await expect(v.getByTestId('offer-created-message')).toHaveText(T.checkMailbox);
    await expect(v.getByRole('button', { name: T.resend })).toBeVisible();
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);

    // The verification mail: fixed text and the link, nothing anyone typed or chose.
    const { mail, path } = await verificationPath(v, T, giverEmail, offeringId);
    for (const chosen of [lamp.name, giverName, message, owner.email]) {
      expect(mail.text).not.toContain(chosen);
      expect(mail.html).not.toContain(chosen);
    }
    expect(path).toMatch(new RegExp(`^/${lang}/offer-confirmation/${offeringId}#code=`));
    // The products are held meanwhile; the owner has no mail and cannot read the offer.
    expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [lamp.name]: true });
    expect((await mailsTo(page, owner.email)).filter((m) => T.mailArrival.test(m.subject))).toEqual([]);
    expect(await ownerReads(offeringId)).toBe(404);

    // Opening the link (as a mail scanner would) changes nothing.
    await v.goto(path);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.confirmTitle, { timeout: 20_000 });
    await expect(v.locator('html')).toHaveAttribute('lang', lang);
    await expect(v.getByRole('main')).not.toContainText(lamp.name);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await v.reload();
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.confirmTitle, { timeout: 20_000 });
    expect(await ownerReads(offeringId)).toBe(404);
    expect((await mailsTo(page, owner.email)).filter((m) => T.mailArrival.test(m.subject))).toEqual([]);

    // Confirming, with the keyboard: the owner's mail arrives and the owner reads the offer.
    const confirm = v.getByRole('button', { name: T.confirmOffer });
    await confirm.focus();
    await v.keyboard.press('Enter');
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(T.confirmed);
    await expect(v.getByRole('heading', { level: 1 })).toBeFocused();
    await expectAccessible(v);
    const arrival = await ownerArrivalMail(page, T, owner.email, offeringId);
    expect(arrival.mail.text).toContain(giverName);
    expect(arrival.mail.text).toContain(lamp.name);
    expect(await ownerReads(offeringId)).toBe(200);
    await mailMatching(v, giverEmail, T.mailConfirmation);
    await visitor.context.close();
  });
});

test.describe('the giver withdraws an offer', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  test.use({ locale: async ({}, use, testInfo) => use(journeyLang(testInfo) === 'fr' ? 'fr-FR' : 'en-US') });

  const W = {
    en: {
      title: 'Withdraw your offer?',
      withdraw: /^withdraw my offer$/i,
      done: 'Your offer is withdrawn',
      tooLate: 'It is too late to withdraw this offer',
      answered: /already accepted your offer/i,
      invalid: 'This link does not work',
      lampPrice: '€129.50',
    },
    fr: {
      title: 'Retirer votre offre\u00a0?',
      withdraw: /^retirer mon offre$/i,
      done: 'Votre offre est retirée',
      tooLate: 'Il est trop tard pour retirer cette offre',
      answered: /a déjà accepté votre offre/i,
      invalid: 'Ce lien ne fonctionne pas',
      lampPrice: /^129,50\s€$/,
    },
  };
  const OWNER_WITHDRAWN = /^(a gift offer was withdrawn|une offre de cadeau a été retirée)$/i;

  /** The receipt's withdrawal link, as a path with its fragment: /{lang}/offer-withdrawal/{id}#token=… */
  async function withdrawalPath(page: Page, T: Texts, giverEmail: string, offeringId: string): Promise<{ mail: OutboxMail; path: string }> {
    const mail = await mailMatching(page, giverEmail, T.mailConfirmation, new RegExp(`/offer-withdrawal/${offeringId}#token=`));
    const link = new RegExp(`https?://[^\\s"<>]+/(en|fr)/offer-withdrawal/${offeringId}#token=[A-Za-z0-9_-]+`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const url = new URL(link![0]);
    return { mail, path: url.pathname + url.hash };
  }

  test('from the receipt mail: the page shows the offer and changes nothing, the button frees the gifts and tells the owner; after the owner answered it is too late', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const lang = journeyLang(testInfo);
    const T = TEXTS[lang];
    const w = W[lang];
    const { lamp, book } = SHOP;
    const owner = await ownerSignsIn(page, T);
    await addProductThroughApi(page, owner.bearer, owner.listId, lamp);
    await addProductThroughApi(page, owner.bearer, owner.listId, book);
    const sharePath = await shareLink(page, T, owner.listId);

    // A visitor offers the lamp and confirms from the verification mail.
    const visitor = await newVisitor(browser, testInfo, lang);
    const v = visitor.page;
    await v.goto(sharePath);
    await expect(productCard(v, lamp)).toBeVisible({ timeout: 20_000 });
    await addToBasket(v, T, lamp);
    await v.goto('/offer');
    const giverEmail = uniqueEmail('withdrawing-giver');
    const offeringId = await sendOffer(v, T, { email: giverEmail, name: 'Uncle Max', message: 'See you soon', needAddress: true });
    await confirmFromMail(v, T, giverEmail, offeringId);
    await ownerArrivalMail(page, T, owner.email, offeringId);

    // The receipt carries the link, in the giver's language.
    const { mail, path } = await withdrawalPath(v, T, giverEmail, offeringId);
    expect(path).toMatch(new RegExp(`^/${lang}/offer-withdrawal/${offeringId}#token=`));
    expect(mail.text).toContain(lamp.name);

    // Opening it shows that offer (its price in the page's language) and changes nothing.
    await v.goto(path);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(w.title, { timeout: 20_000 });
    await expect(v.locator('html')).toHaveAttribute('lang', lang);
    await expect(v.getByRole('main')).toContainText(lamp.name);
    await expect(v.getByRole('main')).toContainText('See you soon');
    await expect(v.locator('.basket-row__price').first()).toHaveText(w.lampPrice);
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    await v.reload();
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(w.title, { timeout: 20_000 });
    expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [lamp.name]: true, [book.name]: false });
    expect((await mailsTo(page, owner.email)).filter((m) => OWNER_WITHDRAWN.test(m.subject))).toEqual([]);

    // Withdrawing, with the keyboard: the lamp is free again and the owner is told once.
    const button = v.getByRole('button', { name: w.withdraw });
    await button.focus();
    await v.keyboard.press('Enter');
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(w.done);
    await expect(v.getByRole('heading', { level: 1 })).toBeFocused();
    await expectAccessible(v);
    if (isMobile(testInfo)) await expectNoHorizontalOverflow(v);
    expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [lamp.name]: false, [book.name]: false });
    const told = await mailMatching(page, owner.email, OWNER_WITHDRAWN);
    expect(told.text).toContain(lamp.name);
    const owned = await page.request.get(`/api/offerings/${offeringId}`, { headers: { Authorization: `Bearer ${owner.bearer}` } });
    expect(((await owned.json()) as { data: { state: string } }).data.state).toBe('withdrawn');

    // A wrong token: a clear page, nothing changes.
    await v.goto(path.replace(/#token=.*/, '#token=AAAAAAAAAAAAAAAAAAAAAA'));
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(w.invalid, { timeout: 20_000 });

    // Another offer (the book); the owner gives the address: too late to withdraw, and the page says why.
    await v.goto(sharePath);
    await expect(productCard(v, book)).toBeVisible({ timeout: 20_000 });
    await addToBasket(v, T, book);
    await v.goto('/offer');
    const secondId = await sendOffer(v, T, { email: giverEmail, name: 'Uncle Max', message: '', needAddress: true });
    await confirmFromMail(v, T, giverEmail, secondId);
    const second = await withdrawalPath(v, T, giverEmail, secondId);
    const answer = await page.request.patch(`/api/offerings/${secondId}`, { headers: { Authorization: `Bearer ${owner.bearer}` }, data: { address: '1 Main Street' } });
    expect(answer.status()).toBe(200);
    await v.goto(second.path);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(w.tooLate, { timeout: 20_000 });
    await expect(v.getByTestId('offer-withdrawal-outcome')).toContainText(w.answered);
    await expect(v.getByRole('button', { name: w.withdraw })).toHaveCount(0);
    await expectAccessible(v);
    expect(await offeredFlags(page, owner.bearer, owner.listId)).toEqual({ [lamp.name]: false, [book.name]: true });
    await visitor.context.close();
  });
});
