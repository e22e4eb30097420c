// Journeys through the everyday screens, as a careful user finds them, desktop and 360 px:
//  7. long unbroken names wrap or are cut with an ellipsis (header basket panel, delete dialog,
//     notification, basket page), never past a box's edge;
// 11. text fields stop at their limit and say how many characters are left (list name, offer form);
// 12. no dead ends for visitors: "Add more products" on an empty basket goes back to the last shared
//     list viewed (else home, never sign-in), and a disabled Offer says why.
// Desktop runs in English; at 360 px visitors browse in French (browser locale fr-FR).
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectAppShown, expectNoHorizontalOverflow } from './helpers';

type Lang = 'en' | 'fr';
const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';
const visitorLang = (info: TestInfo): Lang => (isMobile(info) ? 'fr' : 'en');
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEXTS = {
  en: {
    addToBasket: /^add to basket$/i,
    addMorePopin: /^add more products$/i,
    addMore: /^add more products$/i,
    offer: /^offer$/i,
    offerEmpty: 'Your basket is empty: add a product to offer it.',
    seeBasket: /^see my basket$/i,
    basketTitle: 'Products to gift',
    identity: /^your name/i,
    left: (n: number) => `${n} character${n === 1 ? '' : 's'} left`,
  },
  fr: {
    addToBasket: /^ajouter au panier$/i,
    addMorePopin: /^ajouter d’autres produits$|^ajouter d'autres produits$/i,
    addMore: /^ajouter d’autres produits$|^ajouter d'autres produits$/i,
    offer: /^offrir$/i,
    offerEmpty: 'Votre panier est vide\u00a0: ajoutez-y un produit pour l’offrir.',
    seeBasket: /^voir mon panier$/i,
    basketTitle: 'Produits à offrir',
    identity: /^votre nom/i,
    left: (n: number) => `${n} caractère${n > 1 ? 's' : ''} restant${n > 1 ? 's' : ''}`,
  },
} as const;

/** A fresh browser context (nothing shared) with the project's viewport, in the given language. */
async function newVisitor(browser: Browser, info: TestInfo, lang: Lang): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  return context.newPage();
}

/** The owner signs in and creates, through the API, a list holding one product. */
async function ownerWithList(page: Page, listName: string, productName: string): Promise<{ listId: string; bearer: string }> {
  await signIn(page, 'everyday');
  const bearer = await storedBearer(page);
  const headers = { Authorization: `Bearer ${bearer}` };
  const created = await page.request.post('/api/product-lists', { headers, data: { name: listName } });
  expect(created.status(), await created.text()).toBe(201);
  const listId = ((await created.json()) as { data: { id: string } }).data.id;
  const product = await page.request.post('/api/products-in-lists', {
    headers,
    data: { name: productName, price: 1990, image: `${SHOP_URL}/images/teapot-main.png`, url: `${SHOP_URL}/products/teapot.html`, productListId: listId },
  });
  expect(product.status(), await product.text()).toBe(201);
  return { listId, bearer };
}

/** The element lies inside the viewport, and its own text does not run past its box. */
async function expectInsideViewport(page: Page, box: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const b = (await box.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(-1);
  expect(b.x + b.width).toBeLessThanOrEqual(width + 1);
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
}

test.describe('everyday screens', () => {
  test.describe.configure({ timeout: 120_000 });

  test('item 7: long unbroken names wrap or are cut with an ellipsis, never past a box', async ({ page, browser }, info) => {
    const listName = `Long${tag()}${'x'.repeat(88)}`.slice(0, 100);
    const productName = `Product${tag()}${'y'.repeat(180)}`;
    const { listId } = await ownerWithList(page, listName, productName);

    // The owner's delete dialog names the list: the unbroken name wraps inside the dialog.
    await page.goto(`/product-list/${listId}`);
    await expect(page.locator('#lists-current-title')).toHaveText(listName);
    await page.getByRole('button', { name: /delete this list/i }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toContainText(listName);
    await expectInsideViewport(page, dialog);
    await expectInsideViewport(page, dialog.getByRole('heading'));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // A visitor puts the long-named product in the basket: the notification wraps it.
    const lang = visitorLang(info);
    const T = TEXTS[lang];
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto(`/see/${listId}`);
    await visitor.getByRole('button', { name: new RegExp(`^${escapeRe(productName)}`) }).click();
    await visitor.getByRole('button', { name: T.addToBasket }).click();
    const popin = visitor.locator('#tab-popin');
    await expect(popin).toContainText(productName);
    await expect(popin).not.toHaveClass(/Toastify--animate/);
    await expectInsideViewport(visitor, popin);
    await expectNoHorizontalOverflow(visitor);
    await popin.getByRole('button', { name: T.addMorePopin }).click();
    await expect(popin).toHaveCount(0);

    if (isMobile(info)) {
      // 360 px: the basket page wraps the name in its row.
      await visitor.goto('/basket');
      const row = visitor.getByRole('listitem').filter({ hasText: productName });
      await expect(row).toBeVisible();
      await expectInsideViewport(visitor, row);
      await expectNoHorizontalOverflow(visitor);
      await expectAccessible(visitor);
    } else {
      // Desktop: the header basket panel cuts the name with an ellipsis and keeps it in a title.
      const button = visitor.getByRole('banner').getByRole('button', { name: /^basket: 1 product$/i });
      await button.hover();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const panel = visitor.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
      const name = panel.getByText(productName);
      await expect(name).toHaveAttribute('title', productName);
      await expectInsideViewport(visitor, panel);
      const cut = await name.evaluate((el) => ({ ellipsis: getComputedStyle(el).textOverflow, right: el.getBoundingClientRect().right }));
      expect(cut.ellipsis).toBe('ellipsis');
      expect(cut.right).toBeLessThanOrEqual((await panel.boundingBox())!.x + (await panel.boundingBox())!.width);
      await expectNoHorizontalOverflow(visitor);
      await expectAccessible(visitor);
    }
    await visitor.context().close();
  });

  test('item 11: the list name stops at 100 characters and says how many are left; so do the offer fields', async ({ page, browser }, info) => {
    await signIn(page, 'limits');
    await page.goto('/create-product-list');
    const name = page.getByRole('textbox', { name: /^list name/i });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('maxlength', '100');
    // With the keyboard: 88 characters leave 12, 120 stop at 100 and no "at most 100" error appears.
    await page.keyboard.type('a'.repeat(88));
    await expect(name).toHaveAccessibleDescription(new RegExp('12 characters left'));
    const counter = page.getByText('12 characters left');
    await expect(counter).toHaveAttribute('aria-live', 'polite');
    await page.keyboard.type('b'.repeat(32));
    await expect(name).toHaveValue(`${'a'.repeat(88)}${'b'.repeat(12)}`);
    await expect(page.getByText('0 characters left')).toBeVisible();
    await expect(page.getByText(/at most/i)).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product-list\/[^/]+/, { timeout: 15_000 });

    // A visitor's offer form (French at 360 px): the name stops at 100, the counter follows.
    const lang = visitorLang(info);
    const T = TEXTS[lang];
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto('/offer');
    const identity = visitor.getByRole('textbox', { name: T.identity });
    await expect(identity).toHaveAttribute('maxlength', '100');
    await expect(identity).toHaveAccessibleDescription(new RegExp(escapeRe(T.left(100))));
    await identity.focus();
    await visitor.keyboard.type('Zoé '.repeat(30));
    await expect(identity).toHaveValue('Zoé '.repeat(25));
    await expect(identity).toHaveAccessibleDescription(new RegExp(escapeRe(T.left(0))));
    await expectNoHorizontalOverflow(visitor);
    await expectAccessible(visitor);
    await visitor.context().close();
  });

  test('item 12: an empty basket leads back to the last list viewed (else home), and a disabled Offer says why', async ({ page, browser }, info) => {
    const { listId } = await ownerWithList(page, `Shared ${tag()}`, `Teapot ${tag()}`);
    const lang = visitorLang(info);
    const T = TEXTS[lang];

    // A visitor who viewed no list: "Add more products" goes home, not to sign-in.
    const newcomer = await newVisitor(browser, info, lang);
    await newcomer.goto('/basket');
    await expect(newcomer.getByRole('heading', { level: 1, name: T.basketTitle })).toBeVisible();
    await expect(newcomer.getByRole('link', { name: T.addMore })).toHaveAttribute('href', `/${lang}`);
    await newcomer.getByRole('link', { name: T.addMore }).click();
    await expect(newcomer).toHaveURL(new RegExp(`/${lang}$`));
    await newcomer.context().close();

    // A visitor on the shared list: Offer is disabled and says why, next to it.
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto(`/see/${listId}`);
    await expectAppShown(visitor);
    const offer = visitor.getByRole('button', { name: T.offer });
    await expect(offer).toBeDisabled();
    await expect(offer).toHaveAccessibleDescription(T.offerEmpty);
    const why = visitor.getByText(T.offerEmpty, { exact: true });
    await expect(why).toBeVisible();
    await expectInsideViewport(visitor, why);
    await expectNoHorizontalOverflow(visitor);
    await expectAccessible(visitor);

    // To the empty basket and back with the keyboard: "Add more products" returns to that list.
    await visitor.getByRole('link', { name: T.seeBasket }).or(visitor.getByRole('button', { name: T.seeBasket })).first().click();
    await expect(visitor).toHaveURL(/\/basket$/);
    const more = visitor.getByRole('link', { name: T.addMore });
    await expect(more).toHaveAttribute('href', `/see/${listId}`);
    await expectAccessible(visitor);
    await more.focus();
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(new RegExp(`/see/${listId}$`));
    // Remembered across a reload of the basket too.
    await visitor.goto('/basket');
    await expect(visitor.getByRole('link', { name: T.addMore })).toHaveAttribute('href', `/see/${listId}`);
    await visitor.context().close();
  });
});
