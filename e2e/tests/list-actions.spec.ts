// Journeys on the product list page, desktop (English) and 360 px (visitors in French):
//  1. the actions apply to the SELECTED product (click, tap, Enter, Space), never to a card the
//     pointer or the keyboard crosses; the bar names it; the keyboard reaches it in two Tabs;
//  2. every navigation starts at the top, Back restores the position, cards stay clear of the bars;
//  3. every action fits a 360 px screen (labelled icons and a "More" menu), targets of 44 px;
//  4. swiping past the last list shows the first, and past the first the last;
//  6. visitors see which products are in their basket, and every add shows its notification;
//  polish: "List 5 of 5" on one line, the dragged card is not clipped, notifications never cover
//  the title, the only list cannot be deleted (and says why), one "My lists" heading.
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow, languageSwitch, mainHeading } from './helpers';

type Lang = 'en' | 'fr';
const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';
const visitorLang = (info: TestInfo): Lang => (isMobile(info) ? 'fr' : 'en');
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SHOP = {
  lamp: 'Brass desk lamp',
  teapot: 'Cast iron teapot',
  scarf: 'Merino wool scarf',
  book: 'Le Petit Prince (illustrated)',
} as const;
type Slug = keyof typeof SHOP;

const TEXTS = {
  en: {
    addToBasket: /^add to basket$/i,
    removeFromBasket: /^remove from basket$/i,
    addMore: /^add more products$/i,
    seeBasket: /^see my basket$/i,
    inBasket: 'In your basket',
    selected: (name: string) => `Selected: ${name}`,
    basketTitle: 'Products to gift',
  },
  fr: {
    addToBasket: /^ajouter au panier$/i,
    removeFromBasket: /^retirer du panier$/i,
    addMore: /^ajouter d[’']autres produits$/i,
    seeBasket: /^voir mon panier$/i,
    inBasket: 'Dans votre panier',
    selected: (name: string) => `Sélection\u00a0: ${name}`,
    basketTitle: 'Produits à offrir',
  },
} as const;

interface Owner {
  bearer: string;
  firstListId: string;
  headers: Record<string, string>;
}

/** Signs the owner in; their first list exists already. */
async function owner(page: Page): Promise<Owner> {
  await signIn(page, 'actions');
  const bearer = await storedBearer(page);
  const headers = { Authorization: `Bearer ${bearer}` };
  const lists = ((await (await page.request.get('/api/product-lists', { headers })).json()) as { data: { id: string }[] }).data;
  return { bearer, headers, firstListId: lists[0].id };
}

async function createList(page: Page, o: Owner, name: string): Promise<string> {
  const res = await page.request.post('/api/product-lists', { headers: o.headers, data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function addProduct(page: Page, o: Owner, listId: string, slug: Slug, name: string = SHOP[slug]): Promise<string> {
  const res = await page.request.post('/api/products-in-lists', {
    headers: o.headers,
    data: { name, price: 1990, url: `${SHOP_URL}/products/${slug}.html`, image: `${SHOP_URL}/images/${slug}-main.png`, productListId: listId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function offeredOf(page: Page, o: Owner, listId: string): Promise<string[]> {
  const res = await page.request.get(`/api/product-lists/${listId}`, { headers: o.headers });
  const list = ((await res.json()) as { data: { products: { name: string; hasBeenOffered: boolean }[] } }).data;
  return list.products.filter((p) => p.hasBeenOffered).map((p) => p.name);
}

/** A fresh browser context with the project's viewport and touch, in the given language. */
async function newVisitor(browser: Browser, info: TestInfo, lang: Lang): Promise<Page> {
  const { viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ viewport, hasTouch, isMobile: mobile, baseURL, userAgent, deviceScaleFactor, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  return context.newPage();
}

/** A product card's select button on the shown list (its name starts with the product's name). */
const card = (page: Page, name: string) =>
  page.locator('.swiper-slide-active').getByRole('button', { name: new RegExp(`^${escapeRe(name)}(\\s|$)`) }).first();
const actionBar = (page: Page) => page.locator('section.lists-actions');
const basketNames = (page: Page) =>
  page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('basket') ?? 'null') as { state?: { products?: { name: string }[] } } | null;
    return (raw?.state?.products ?? []).map((p) => p.name).sort();
  });

/** The rectangle of the sticky header and of the bottom bar, in the viewport. */
async function bars(page: Page): Promise<{ headerBottom: number; barTop: number }> {
  return page.evaluate(() => ({
    headerBottom: document.querySelector('.shell-header')!.getBoundingClientRect().bottom,
    barTop: document.querySelector('.lists-actions')?.getBoundingClientRect().top ?? window.innerHeight,
  }));
}

/** The element is (or ends up, once a smooth scroll ends) wholly below the header and above the bottom bar. */
async function expectClearOfBars(page: Page, el: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const { headerBottom, barTop } = await bars(page);
      const box = (await el.boundingBox())!;
      return { belowHeader: box.y >= headerBottom - 1, aboveBar: box.y + box.height <= barTop + 1 };
    })
    .toEqual({ belowHeader: true, aboveBar: true });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A touch swipe (CDP touch events, as a finger), slow enough to be a "long" swipe. */
async function swipe(page: Page, from: { x: number; y: number }, dx: number) {
  // As a person does: the next swipe starts once the slider has come to rest (a swipe during the
  // 300 ms slide is taken by the running transition).
  await page.waitForFunction(() => {
    const el = document.querySelector('.lists-slider') as (Element & { swiper?: { animating: boolean } }) | null;
    return !!el?.swiper && !el.swiper.animating;
  });
  const cdp = await page.context().newCDPSession(page);
  const steps = 12;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + (dx * i) / steps, y: from.y }] });
    await page.waitForTimeout(35);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('the product list page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('item 1: the actions apply to the selected product, never to a card the pointer or the keyboard crosses', async ({ page, browser }, info) => {
    const o = await owner(page);
    const listId = o.firstListId;
    for (const slug of ['lamp', 'teapot', 'scarf', 'book'] as const) await addProduct(page, o, listId, slug);
    await page.goto(`/product-list/${listId}`);
    const bar = actionBar(page);

    // The owner clicks the lamp, then crosses the teapot on the way to "Mark as offered".
    await card(page, SHOP.lamp).click();
    await expect(card(page, SHOP.lamp)).toHaveAttribute('aria-pressed', 'true');
    await expect(bar).toContainText(`Selected: ${SHOP.lamp}`);
    await card(page, SHOP.teapot).hover();
    await card(page, SHOP.scarf).hover();
    await expect(card(page, SHOP.teapot)).toHaveAttribute('aria-pressed', 'false');
    await expect(bar).toContainText(`Selected: ${SHOP.lamp}`);
    await bar.getByRole('button', { name: 'Mark as offered' }).click();
    await expect.poll(() => offeredOf(page, o, listId)).toEqual([SHOP.lamp]);
    await expect(card(page, SHOP.lamp)).toContainText('Offered');

    // Remove asks about the lamp, even after hovering the book.
    await card(page, SHOP.book).hover();
    await bar.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this product?' });
    await expect(dialog).toContainText(SHOP.lamp);
    await expect(dialog).not.toContainText(SHOP.book);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toHaveCount(0);

    // Keyboard: the arrows move between the cards without selecting; Enter selects; Tab reaches the
    // selected product's first action (past the card's Received toggle and its handle: at most three
    // presses), which applies to it.
    await card(page, SHOP.lamp).focus();
    await page.keyboard.press('ArrowRight');
    await expect(card(page, SHOP.teapot)).toBeFocused();
    await expect(card(page, SHOP.teapot)).toHaveAttribute('aria-pressed', 'false');
    await expect(bar).toContainText(`Selected: ${SHOP.lamp}`);
    await page.keyboard.press('Enter');
    await expect(card(page, SHOP.teapot)).toHaveAttribute('aria-pressed', 'true');
    await expect(bar).toContainText(`Selected: ${SHOP.teapot}`);
    const markTeapot = bar.getByRole('button', { name: 'Mark as offered' });
    for (let presses = 1; presses <= 3 && !(await markTeapot.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await expect(markTeapot).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await offeredOf(page, o, listId)).sort()).toEqual([SHOP.lamp, SHOP.teapot].sort());
    // Space selects too; Shift+Tab from the bar comes back to the grid's one tab stop.
    await card(page, SHOP.scarf).focus();
    await page.keyboard.press('Space');
    await expect(bar).toContainText(`Selected: ${SHOP.scarf}`);
    expect(await offeredOf(page, o, listId)).not.toContain(SHOP.scarf);
    await expectAccessible(page);

    // A product id in the route selects it.
    await page.goto(`/product-list/${listId}`);
    await expect(bar).not.toContainText('Selected');

    // A visitor clicks the scarf, crosses the book, adds: the scarf is in the basket, not the book.
    const lang = visitorLang(info);
    const T = TEXTS[lang];
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto(`/see/${listId}`);
    await card(visitor, SHOP.scarf).click();
    await card(visitor, SHOP.book).hover();
    await expect(actionBar(visitor)).toContainText(T.selected(SHOP.scarf));
    await actionBar(visitor).getByRole('button', { name: T.addToBasket }).click();
    await expect.poll(() => basketNames(visitor)).toEqual([SHOP.scarf]);
    // The visitor's keyboard: Enter on the book, one Tab to "Add to basket".
    await card(visitor, SHOP.book).focus();
    await visitor.keyboard.press('Enter');
    await visitor.keyboard.press('Tab');
    await expect(actionBar(visitor).getByRole('button', { name: T.addToBasket })).toBeFocused();
    await visitor.keyboard.press('Enter');
    await expect.poll(() => basketNames(visitor)).toEqual([SHOP.book, SHOP.scarf].sort());
    await visitor.context().close();
  });

  test('item 1: a product id in the route selects it', async ({ page }) => {
    const o = await owner(page);
    await addProduct(page, o, o.firstListId, 'teapot');
    const lamp = await addProduct(page, o, o.firstListId, 'lamp');
    await page.goto(`/product-list/${o.firstListId}/${lamp}`);
    await expect(card(page, SHOP.lamp)).toHaveAttribute('aria-pressed', 'true');
    await expect(actionBar(page)).toContainText(`Selected: ${SHOP.lamp}`);
    await expect(actionBar(page).getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/product-list/${o.firstListId}/product/${lamp}/edit`);
  });

  test('item 2: a new page starts at the top, Back restores the position, cards stay clear of the bars', async ({ page, browser }, info) => {
    const o = await owner(page);
    const shared = await createList(page, o, `Shared ${tag()}`);
    for (const [i, slug] of (['lamp', 'teapot', 'scarf', 'book', 'lamp', 'teapot', 'scarf', 'book'] as const).entries()) await addProduct(page, o, shared, slug, `${SHOP[slug]} ${i}`);

    // A visitor scrolls the shared list, then opens the basket: it starts at the top.
    const lang = visitorLang(info);
    const T = TEXTS[lang];
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto(`/see/${shared}`);
    await expect(visitor.locator('.swiper-slide-active .lists-card')).toHaveCount(8);
    await visitor.mouse.wheel(0, 900);
    await expect.poll(() => visitor.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const scrolled = await visitor.evaluate(() => window.scrollY);
    await actionBar(visitor).getByRole('link', { name: T.seeBasket }).click();
    await expect(visitor).toHaveURL(/\/basket$/);
    const title = visitor.getByRole('heading', { level: 1, name: T.basketTitle });
    await expect(title).toBeVisible();
    expect(await visitor.evaluate(() => window.scrollY)).toBe(0);
    const headerBottom = await visitor.evaluate(() => document.querySelector('.shell-header')!.getBoundingClientRect().bottom);
    expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
    await expectAccessible(visitor);

    // Back: the list comes back where it was; Forward: the basket at the top again.
    await visitor.goBack();
    await expect(visitor).toHaveURL(new RegExp(`/see/${shared}$`));
    await expect.poll(() => visitor.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(scrolled - 40);
    expect(Math.abs((await visitor.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(40);
    await visitor.goForward();
    await expect(visitor.getByRole('heading', { level: 1, name: T.basketTitle })).toBeVisible();
    await expect.poll(() => visitor.evaluate(() => window.scrollY)).toBe(0);

    // A card reached with the keyboard is never under the header or the bar.
    await visitor.goBack();
    await expect(visitor).toHaveURL(new RegExp(`/see/${shared}$`));
    await card(visitor, `${SHOP.lamp} 0`).focus();
    await visitor.keyboard.press('End');
    const last = card(visitor, `${SHOP.book} 7`);
    await expect(last).toBeFocused();
    await expectClearOfBars(visitor, last.locator('xpath=..'));
    await visitor.keyboard.press('Home');
    await expectClearOfBars(visitor, card(visitor, `${SHOP.lamp} 0`).locator('xpath=..'));
    await visitor.context().close();

    // The owner scrolls their list, then adds a product from the shop: the list opens at the top,
    // its title visible, the new card wholly visible between the header and the bar.
    const mine = await createList(page, o, `Mine ${tag()}`);
    await addProduct(page, o, mine, 'teapot');
    await page.goto(`/product-list/${shared}`);
    await expect(page.locator('.swiper-slide-active .lists-card')).toHaveCount(8);
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await actionBar(page).getByRole('link', { name: 'Add a product' }).click();
    await expect(page).toHaveURL(/\/create-product\//);
    // The address changes at once; the new page (a transition: its remote may still be loading)
    // replaces the list, at the top, when it is ready.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto(`/create-product/${mine}`);
    await page.getByLabel('Address of the product page').fill(`${SHOP_URL}/products/lamp.html`);
    await page.getByRole('button', { name: 'Continue' }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('radio', { name: /^Picture 1 of \d+$/ })).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
    await name.fill(SHOP.lamp);
    await page.getByRole('button', { name: 'Add to my list' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Add to my list' }).click();
    await expect(page).toHaveURL(new RegExp(`/product-list/${mine}/[0-9a-f]{24}$`), { timeout: 20_000 });
    const added = card(page, SHOP.lamp);
    await expect(added).toHaveAttribute('aria-pressed', 'true');
    await expectClearOfBars(page, added.locator('xpath=..'));
    await expectClearOfBars(page, mainHeading(page));
    await expectAccessible(page);
  });

  test('item 3: every action fits a 360 px screen, the rest in an accessible "More" menu', async ({ page, browser }, info) => {
    const o = await owner(page);
    await addProduct(page, o, o.firstListId, 'lamp');
    await addProduct(page, o, o.firstListId, 'teapot');
    await page.goto(`/product-list/${o.firstListId}`);
    await card(page, SHOP.lamp).click();
    const bar = actionBar(page);
    const width = page.viewportSize()!.width;

    const expectTargets = async (controls: Locator) => {
      const n = await controls.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const box = (await controls.nth(i).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
    };
    const shown = bar.locator('.lists-actions__bar').locator(':scope > a, :scope > button, :scope > .lists-more > button');
    await expectTargets(shown);
    await expectNoHorizontalOverflow(page);
    const ownerActions = ['Mark as offered', 'Edit', 'Remove', 'Add a product', 'Share', 'Lists', 'Open page', 'See my basket'];

    if (isMobile(info)) {
      // Four labelled icons and "More", whose menu holds the others.
      await expect(shown).toHaveCount(5);
      const more = bar.getByRole('button', { name: 'More' });
      await expect(more).toHaveAttribute('aria-haspopup', 'menu');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('menu', { name: 'More' });
      const items = menu.getByRole('menuitem');
      await expect(items).toHaveText(['Share', 'Lists', 'Open page', 'See my basket']);
      await expect(items.first()).toBeFocused();
      await expectTargets(items);
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(items.last()).toBeFocused();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(more).toBeFocused();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      // Every owner action is reachable: in the bar or through the menu.
      for (const name of ownerActions.slice(0, 4)) await expect(bar.getByRole('button', { name, exact: true }).or(bar.getByRole('link', { name, exact: true }))).toBeVisible();
      await more.click();
      await menu.getByRole('menuitem', { name: 'Share' }).click();
      await expect(page).toHaveURL(/\/share-product-list\//);
    } else {
      // A desktop has room for the whole bar.
      for (const name of ownerActions) await expect(bar.getByRole('button', { name, exact: true }).or(bar.getByRole('link', { name, exact: true }))).toBeVisible();
      await expect(bar.getByRole('button', { name: 'More' })).toHaveCount(0);
      await expectAccessible(page);
    }

    // The visitor's bar fits too, with 44 px targets.
    const lang = visitorLang(info);
    const T = TEXTS[lang];
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto(`/see/${o.firstListId}`);
    await card(visitor, SHOP.teapot).click();
    await expect(actionBar(visitor).getByRole('button', { name: T.addToBasket })).toBeEnabled();
    await expectTargets(actionBar(visitor).locator('.lists-actions__bar').locator(':scope > a, :scope > button'));
    await expectNoHorizontalOverflow(visitor);
    await expectAccessible(visitor);
    await visitor.context().close();
  });

  test('item 4: swiping past the last list shows the first, and past the first the last', async ({ page }, info) => {
    test.skip(!isMobile(info), 'touch swipes: the 360 px touch project');
    const o = await owner(page);
    const second = await createList(page, o, `Second ${tag()}`);
    await page.goto(`/product-list/${second}`);
    const slider = page.locator('.lists-slider');
    await expect(page.getByText('List 2 of 2')).toBeVisible();
    const box = (await slider.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + Math.min(60, box.height / 2) };
    // Left, on the last list: the first one.
    await swipe(page, { x: middle.x + 120, y: middle.y }, -240);
    await expect(page).toHaveURL(new RegExp(`/product-list/${o.firstListId}$`));
    await expect(page.getByText('List 1 of 2')).toBeVisible();
    // Right, on the first list: the last one.
    await swipe(page, { x: middle.x - 120, y: middle.y }, 240);
    await expect(page).toHaveURL(new RegExp(`/product-list/${second}$`));
    await expect(page.getByText('List 2 of 2')).toBeVisible();
    // Under the 20 px threshold nothing moves.
    await swipe(page, { x: middle.x, y: middle.y }, -12);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(new RegExp(`/product-list/${second}$`));
  });

  test('item 6: visitors see what is in their basket, and every add shows its notification', async ({ page, browser }, info) => {
    const o = await owner(page);
    await addProduct(page, o, o.firstListId, 'lamp');
    await addProduct(page, o, o.firstListId, 'teapot');
    await addProduct(page, o, o.firstListId, 'scarf');
    const lang = visitorLang(info);
    const T = TEXTS[lang];
    const visitor = await newVisitor(browser, info, lang);
    await visitor.goto(`/see/${o.firstListId}`);
    const popin = visitor.locator('#tab-popin');
    const bar = actionBar(visitor);

    await card(visitor, SHOP.lamp).click();
    await bar.getByRole('button', { name: T.addToBasket }).click();
    await expect(popin).toContainText(SHOP.lamp);
    await expect(popin).not.toHaveClass(/Toastify--animate/);
    // "Add more products", then at once the next product: its own notification shows too.
    await popin.getByRole('button', { name: T.addMore }).click();
    await card(visitor, SHOP.teapot).click();
    await bar.getByRole('button', { name: T.addToBasket }).click();
    await expect(popin).toContainText(SHOP.teapot, { timeout: 5_000 });
    await expect(popin).not.toHaveClass(/Toastify--animate/);
    // The notification sits above the bar, clear of the header and the list title.
    const toast = (await popin.boundingBox())!;
    expect(overlaps(toast, (await visitor.locator('.shell-header').boundingBox())!)).toBe(false);
    expect(overlaps(toast, (await bar.boundingBox())!)).toBe(false);
    const heading = await mainHeading(visitor).boundingBox();
    if (heading) expect(overlaps(toast, heading)).toBe(false);
    await popin.getByRole('button', { name: T.addMore }).click();
    await expect(popin).toHaveCount(0);

    // Both cards carry a visible badge, part of their accessible name; the third does not.
    for (const name of [SHOP.lamp, SHOP.teapot]) {
      await expect(card(visitor, name).getByText(T.inBasket)).toBeVisible();
      await expect(card(visitor, name)).toHaveAccessibleName(new RegExp(escapeRe(T.inBasket)));
    }
    await expect(card(visitor, SHOP.scarf).getByText(T.inBasket)).toHaveCount(0);
    await expectAccessible(visitor);

    // Across a trip to the basket and back ("Add more products"), the badges stay and a third add
    // is announced as well.
    await bar.getByRole('link', { name: T.seeBasket }).click();
    await expect(visitor).toHaveURL(/\/basket$/);
    await visitor.getByRole('link', { name: T.addMore }).first().click();
    await expect(visitor).toHaveURL(new RegExp(`/see/${o.firstListId}$`));
    await expect(card(visitor, SHOP.lamp).getByText(T.inBasket)).toBeVisible();
    await card(visitor, SHOP.scarf).click();
    await bar.getByRole('button', { name: T.addToBasket }).click();
    await expect(popin).toContainText(SHOP.scarf);
    await expect(card(visitor, SHOP.scarf).getByText(T.inBasket)).toBeVisible();

    // Removing one drops its badge.
    await card(visitor, SHOP.teapot).click();
    await bar.getByRole('button', { name: T.removeFromBasket }).click();
    await expect(card(visitor, SHOP.teapot).getByText(T.inBasket)).toHaveCount(0);
    await expect(card(visitor, SHOP.lamp).getByText(T.inBasket)).toBeVisible();
    await visitor.context().close();
  });

  test('polish: the only list cannot be deleted and says why; one "My lists" heading; "List 5 of 5" on one line', async ({ page }, info) => {
    const o = await owner(page);
    await page.goto(`/product-list/${o.firstListId}`);
    const del = page.getByRole('button', { name: 'Delete this list' });
    await expect(del).toBeDisabled();
    await expect(del).toHaveAccessibleDescription("You can't delete your list when it's only one you own.");
    await expect(page.getByText("You can't delete your list when it's only one you own.")).toBeVisible();
    await expectAccessible(page);

    await page.goto('/product-lists');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'My lists', exact: true })).toHaveCount(1);
    await page.locator('.lists-entry').first().click();
    const footer = page.getByRole('region', { name: 'List actions' });
    await expect(footer.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(footer.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription("You can't delete your list when it's only one you own.");
    await expectAccessible(page);
    if (isMobile(info)) await expectNoHorizontalOverflow(page);

    // Five lists: the position stays on one line, in French too; deleting is offered again.
    let last = '';
    for (let i = 2; i <= 5; i++) last = await createList(page, o, `List number ${i} ${tag()}`);
    await page.goto(`/product-list/${last}`);
    for (const [lang, text] of [['en', 'List 5 of 5'], ['fr', 'Liste 5 sur 5']] as const) {
      if (lang === 'fr') await languageSwitch(page, 'fr').click();
      const position = page.getByText(text, { exact: true });
      await expect(position).toBeVisible();
      const lines = await position.evaluate((el) => el.getClientRects().length);
      expect(lines).toBe(1);
    }
    await expect(page.locator('.lists-header__delete')).toBeEnabled();
  });

  test('polish: the dragged card follows the pointer above the page, never clipped', async ({ page }, info) => {
    test.skip(isMobile(info), 'a mouse drag: desktop');
    const o = await owner(page);
    for (const slug of ['lamp', 'teapot', 'scarf'] as const) await addProduct(page, o, o.firstListId, slug);
    await page.goto(`/product-list/${o.firstListId}`);
    const handle = page.getByRole('button', { name: `Move ${SHOP.lamp}` });
    await handle.hover();
    const a = (await handle.boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 - 6, a.y + a.height / 2 - 6, { steps: 4 });
    // Dragged up and left, beyond the slider's edge: the copy is drawn whole, above the page.
    await page.mouse.move(a.x - 300, a.y - 60, { steps: 10 });
    const overlay = page.locator('.lists-card--overlay');
    await expect(overlay).toBeVisible();
    expect(await overlay.evaluate((el) => el.closest('.lists-slider') === null)).toBe(true);
    // Drawn whole: wider than a card's handle, partly outside the slider, and no ancestor clips it.
    const box = (await overlay.boundingBox())!;
    const slider = (await page.locator('.lists-slider').boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.x).toBeLessThan(slider.x);
    const clipped = await overlay.evaluate((el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflow !== 'visible') return true;
      return false;
    });
    expect(clipped).toBe(false);
    await page.mouse.up();
    await expect(overlay).toHaveCount(0);
  });
});
