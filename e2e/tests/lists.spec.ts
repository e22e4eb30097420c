// Journeys through lists and products, desktop and 360 px: create lists, add products from the
// local shop (prefilled), edit, drag to reorder (kept after a reload), mark offered, move to another
// list, delete; a second user favorites a list and cannot change it; an anonymous visitor opens the
// share link.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow, languageSwitch, mainHeading } from './helpers';

interface ApiProduct {
  id: string;
  name: string;
  image: string;
  price: number | null;
  url: string;
  websiteName: string;
  productListId: string;
  hasBeenOffered: boolean;
}
interface ApiList {
  id: string;
  name: string;
  isOwner: boolean;
  products: ApiProduct[];
}

const SHOP = {
  teapot: { name: 'Cast iron teapot', cents: 3490, price: /^34[.,]90$/, shown: '€34.90' },
  scarf: { name: 'Merino wool scarf', cents: 5900, price: /^59[.,]00$/, shown: '€59.00' },
  lamp: { name: 'Brass desk lamp', cents: 12950, price: /^129[.,]50$/, shown: '€129.50' },
  book: { name: 'Le Petit Prince (illustrated)', cents: 1250, price: /^12[.,]50$/, shown: '€12.50' },
} as const;
type Slug = keyof typeof SHOP;
const shopUrl = (slug: Slug) => `${SHOP_URL}/products/${slug}.html`;
const shopHost = new URL(SHOP_URL).hostname;

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';
const uniqueName = (tag: string) => `${tag} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The API as one person (their bearer), through the page's request context. */
function api(request: APIRequestContext, bearer: string) {
  const headers = bearer ? { Authorization: `Bearer ${bearer}` } : undefined;
  return {
    lists: async (): Promise<ApiList[]> => {
      const res = await request.get('/api/product-lists', { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: ApiList[] }).data;
    },
    list: async (id: string): Promise<ApiList> => {
      const res = await request.get(`/api/product-lists/${id}`, { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: ApiList }).data;
    },
    listStatus: async (id: string) => (await request.get(`/api/product-lists/${id}`, { headers })).status(),
    favorites: async (): Promise<{ id: string; name: string }[]> => {
      const res = await request.get('/api/favorites', { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { id: string; name: string }[] }).data;
    },
    createList: async (name: string): Promise<ApiList> => {
      const res = await request.post('/api/product-lists', { headers, data: { name } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: ApiList }).data;
    },
    /** A product as the creation flow would store it (used to seed lists the journey does not create). */
    addProduct: async (listId: string, slug: Slug, extra: Partial<ApiProduct> = {}): Promise<ApiProduct> => {
      const res = await request.post('/api/products-in-lists', {
        headers,
        data: { name: SHOP[slug].name, price: SHOP[slug].cents, url: shopUrl(slug), image: `${SHOP_URL}/images/${slug}-main.png`, productListId: listId, ...extra },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: ApiProduct }).data;
    },
    raw: request,
    headers,
  };
}

/** The ids at the end of /product-list/{listId}/{productId?}. */
function listingIds(page: Page): { listId: string; productId?: string } {
  const m = /\/product-list\/([^/?#]+)(?:\/([^/?#]+))?/.exec(new URL(page.url()).pathname);
  if (!m) throw new Error(`not a product listing: ${page.url()}`);
  return { listId: m[1], productId: m[2] };
}

/** The drag handles of the shown list, in the order the page shows them ("Move {name}"). */
// The cards' drag handles ("Move {name}"), not the action bar's "Move to…".
const handles = (page: Page) => page.getByRole('button', { name: /^Move (?!to…$)/ });
async function shownOrder(page: Page): Promise<string[]> {
  const labels = await handles(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^Move /, ''));
}
/** A product card's select button of the shown list (its name starts with the product's name). */
const card = (page: Page, name: string) =>
  page.locator('.swiper-slide-active').getByRole('button', { name: new RegExp(`^${escapeRe(name)}`) }).first();
const notice = (page: Page, text: string | RegExp) => page.getByText(text).first();

/** Selects a product (click: it becomes the focused one, its owner tabs appear). */
async function selectProduct(page: Page, name: string) {
  await card(page, name).click();
  await expect(card(page, name)).toHaveAttribute('aria-pressed', 'true');
}

/** The creation flow from its URL step: paste the shop page, Continue, check the prefilled form, save. */
async function addFromShop(page: Page, listId: string, slug: Slug, opts: { checks?: boolean } = {}): Promise<string> {
  await page.goto(`/create-product/${listId}`);
  await expect(mainHeading(page)).toHaveText('Add a product');
  const address = page.getByLabel('Address of the product page');
  await expect(address).toBeVisible();
  const cont = page.getByRole('button', { name: 'Continue' });
  await address.fill('not a link');
  await expect(cont).toBeDisabled();
  await address.fill(shopUrl(slug));
  await expect(cont).toBeEnabled();
  if (opts.checks) await expectAccessible(page);
  await cont.click();

  // Prefilled from the shop page: the name, the price (page language format) and its pictures.
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeVisible({ timeout: 20_000 });
  await expect(name).toHaveValue(new RegExp(`^${escapeRe(SHOP[slug].name)}`));
  await expect(page.getByRole('textbox', { name: 'Price (€)' })).toHaveValue(SHOP[slug].price);
  const picture = page.getByRole('radio', { name: /^Picture 1 of \d+$/ });
  await expect(picture).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
  // Shown from our own origin, resized: the shop's picture, never its URL.
  await expect(picture.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
  await expect.poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('combobox', { name: 'List', exact: true })).toHaveValue(listId);
  await expect(page.getByRole('link', { name: shopHost })).toHaveAttribute('href', shopUrl(slug));
  // The page title may carry the shop's name: keep the product's own name.
  await name.fill(SHOP[slug].name);
  if (opts.checks) {
    await expectAccessible(page);
    if (isMobile(test.info())) await expectNoHorizontalOverflow(page);
  }
  await page.getByRole('button', { name: 'Add to my list' }).click();
  await expect(page).toHaveURL(new RegExp(`/product-list/${listId}/[0-9a-f]{24}$`), { timeout: 20_000 });
  await expect(notice(page, 'The product is added to your list.')).toBeVisible();
  await expect(card(page, SHOP[slug].name)).toBeVisible();
  return listingIds(page).productId!;
}

/** Drags the product at index `from` onto the one at index `to` with the handle. */
async function dragProduct(page: Page, from: number, to: number, how: 'mouse' | 'keyboard') {
  const handle = handles(page).nth(from);
  // Notifications sit over the top of the page on desktop: let them go first.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
  await handle.scrollIntoViewIfNeeded();
  const moved = page.getByText(new RegExp(`moved to position ${to + 1} of \\d+\\.$`));
  if (how === 'mouse') {
    await handle.hover();
    const a = (await handle.boundingBox())!;
    const targetCard = page.locator('.swiper-slide-active .lists-card').nth(to);
    const b = (await targetCard.boundingBox())!;
    await page.mouse.down();
    // dnd-kit follows pointer moves: small steps, then rest on the target's centre.
    await page.mouse.move(a.x + a.width / 2 - 6, a.y + a.height / 2 - 6, { steps: 4 });
    await expect(page.locator('.lists-card--dragging')).toHaveCount(1);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 25 });
    await page.mouse.move(b.x + b.width / 2 + 2, b.y + b.height / 2 + 2, { steps: 3 });
    await expect(moved).toBeAttached();
    await page.mouse.up();
  } else {
    // dnd-kit's keyboard sensor: Space picks up, arrows move over the grid, Space drops.
    const boxes = await page
      .locator('.swiper-slide-active .lists-card')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, h: r.height })));
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('.lists-card--dragging')).toHaveCount(1);
    // dnd-kit's live region announces the position after every move (first: where it was picked up).
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect(live).toHaveText(new RegExp(`moved to position ${from + 1} of`));
    const press = async (key: string) => {
      const before = await live.textContent();
      await page.keyboard.press(key);
      await expect(live).not.toHaveText(before ?? '');
    };
    // Walk from `from` to `to` on the grid: rows first, then columns.
    const rows = Math.round((boxes[to].y - boxes[from].y) / boxes[from].h);
    for (let i = 0; i < Math.abs(rows); i++) await press(rows < 0 ? 'ArrowUp' : 'ArrowDown');
    const dx = boxes[to].x - boxes[from].x;
    if (Math.abs(dx) > 10) await press(dx < 0 ? 'ArrowLeft' : 'ArrowRight');
    await expect(moved).toBeAttached();
    await page.keyboard.press('Space');
  }
}

test.describe('lists and products', () => {
  test.describe.configure({ timeout: 240_000 });

  test('owner: create a list, add products from a shop page, edit one, reorder and reload', async ({ page }, info) => {
    await signIn(page, 'lists-owner');
    const owner = api(page.request, await storedBearer(page));
    const [first] = await owner.lists();
    expect(first.isOwner).toBe(true);

    // A second list, from the create-list page.
    const listName = uniqueName('Birthday');
    await page.goto('/create-product-list');
    await expect(mainHeading(page)).toHaveText('Create a list');
    const create = page.getByRole('button', { name: 'Create the list' });
    await expect(create).toBeDisabled();
    await page.getByLabel('List name').fill(listName);
    await expectAccessible(page);
    await create.click();
    await expect(notice(page, 'The list is created.')).toBeVisible();
    await expect(page).toHaveURL(/\/product-list\/[0-9a-f]{24}$/);
    const { listId } = listingIds(page);
    await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
    await expect(page.locator('.swiper-slide-active').getByText('This list is empty. Add a first product from any shop page.')).toBeVisible();
    expect((await owner.lists()).map((l) => l.name)).toEqual([first.name, listName]);

    // Three products from the local shop, through the URL step.
    const teapot = await addFromShop(page, listId, 'teapot', { checks: true });
    const scarf = await addFromShop(page, listId, 'scarf');
    const lamp = await addFromShop(page, listId, 'lamp');
    await expect(page.getByText('3 products')).toBeVisible();
    expect(await shownOrder(page)).toEqual([SHOP.teapot.name, SHOP.scarf.name, SHOP.lamp.name]);
    await expect(card(page, SHOP.teapot.name)).toContainText(SHOP.teapot.shown);
    await expect(card(page, SHOP.teapot.name)).toContainText(shopHost);
    let stored = await owner.list(listId);
    expect(stored.products.map((p) => p.id)).toEqual([teapot, scarf, lamp]);
    expect(stored.products[0]).toMatchObject({ name: SHOP.teapot.name, price: 3490, url: shopUrl('teapot'), websiteName: shopHost, hasBeenOffered: false });
    expect(stored.products[0].image).toMatch(new RegExp(`^${escapeRe(SHOP_URL)}/`));
    await expectAccessible(page);
    if (isMobile(info)) await expectNoHorizontalOverflow(page);

    // Edit the scarf: new name and price.
    await selectProduct(page, SHOP.scarf.name);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product-list/${listId}/product/${scarf}/edit$`));
    await expect(mainHeading(page)).toHaveText('Edit the product');
    const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(nameField).toHaveValue(SHOP.scarf.name);
    await expect(page.getByRole('textbox', { name: 'Price (€)' })).toHaveValue(SHOP.scarf.price);
    const renamed = 'Blue merino scarf';
    await nameField.fill(renamed);
    await page.getByRole('textbox', { name: 'Price (€)' }).fill('45,50');
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
    await expectAccessible(page);
    if (isMobile(info)) await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'The changes are saved.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product-list/${listId}/${scarf}$`));
    await expect(card(page, renamed)).toContainText('€45.50');
    expect(await shownOrder(page)).toEqual([SHOP.teapot.name, renamed, SHOP.lamp.name]);
    stored = await owner.list(listId);
    expect(stored.products[1]).toMatchObject({ id: scarf, name: renamed, price: 4550 });

    // Drag the lamp (third) onto the teapot (first) with its handle.
    const how = isMobile(info) ? 'keyboard' : 'mouse';
    await dragProduct(page, 2, 0, how);
    await expect(notice(page, 'The new order is saved.')).toBeVisible();
    await expect.poll(() => shownOrder(page)).toEqual([SHOP.lamp.name, SHOP.teapot.name, renamed]);
    await expect.poll(async () => (await owner.list(listId)).products.map((p) => p.id)).toEqual([lamp, teapot, scarf]);

    // The order is kept after a reload.
    await page.goto(`/product-list/${listId}`);
    await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
    await expect(handles(page)).toHaveCount(3);
    expect(await shownOrder(page)).toEqual([SHOP.lamp.name, SHOP.teapot.name, renamed]);
    await page.reload();
    await expect(handles(page)).toHaveCount(3);
    expect(await shownOrder(page)).toEqual([SHOP.lamp.name, SHOP.teapot.name, renamed]);
  });

  test('owner: mark offered, move to another list, remove a product, delete a list, keep the last one', async ({ page }, info) => {
    await signIn(page, 'lists-manage');
    const owner = api(page.request, await storedBearer(page));
    const [first] = await owner.lists();
    const second = await owner.createList(uniqueName('Christmas'));
    const teapot = await owner.addProduct(second.id, 'teapot');
    const lamp = await owner.addProduct(second.id, 'lamp');
    await owner.addProduct(second.id, 'book');

    await page.goto(`/product-list/${second.id}`);
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    // Two lists: the header shows the arrows and the position.
    await expect(page.getByRole('button', { name: 'Previous list' })).toBeVisible();
    await expect(page.getByText('List 2 of 2')).toBeVisible();
    await expect(handles(page)).toHaveCount(3);
    // Without a focused product the owner has add and share, no edit/remove.
    await expect(page.getByRole('link', { name: 'Add a product' }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);

    // Mark offered, then not offered.
    await selectProduct(page, SHOP.teapot.name);
    await page.getByRole('button', { name: 'Mark as offered' }).click();
    await expect(notice(page, 'The product is marked as offered.')).toBeVisible();
    await expect(card(page, SHOP.teapot.name)).toContainText('Offered');
    await expect.poll(async () => (await owner.list(second.id)).products.find((p) => p.id === teapot.id)?.hasBeenOffered).toBe(true);
    await page.reload();
    await selectProduct(page, SHOP.teapot.name);
    await expect(card(page, SHOP.teapot.name)).toContainText('Offered');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Mark as not offered' }).click();
    await expect(notice(page, 'The product is marked as not offered.')).toBeVisible();
    await expect(card(page, SHOP.teapot.name)).not.toContainText('Offered');
    await expect.poll(async () => (await owner.list(second.id)).products.find((p) => p.id === teapot.id)?.hasBeenOffered).toBe(false);

    // Move the lamp to the first list, through the edit form's list selector.
    await selectProduct(page, SHOP.lamp.name);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(mainHeading(page)).toHaveText('Edit the product');
    const listSelect = page.getByRole('combobox', { name: 'List', exact: true });
    await expect(listSelect).toHaveValue(second.id);
    await listSelect.selectOption({ label: first.name });
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'The changes are saved.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product-list/${first.id}/${lamp.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    await expect(card(page, SHOP.lamp.name)).toBeVisible();
    expect((await owner.list(first.id)).products.map((p) => p.id)).toEqual([lamp.id]);
    expect((await owner.list(second.id)).products.map((p) => p.name)).toEqual([SHOP.teapot.name, SHOP.book.name]);

    // Back on the second list (the header arrow): the lamp is gone from it.
    await page.getByRole('button', { name: 'Next list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product-list/${second.id}$`));
    await expect(handles(page)).toHaveCount(2);
    await expect(card(page, SHOP.lamp.name)).toHaveCount(0);

    // Remove a product (confirmation; "Keep it" first changes nothing).
    await selectProduct(page, SHOP.book.name);
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Remove this product?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(SHOP.book.name);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(handles(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Remove this product?' });
    await dialog.getByRole('button', { name: 'Remove the product' }).click();
    await expect(notice(page, 'The product is removed.')).toBeVisible();
    await expect(card(page, SHOP.book.name)).toHaveCount(0);
    await expect(page.getByText('1 product', { exact: false }).first()).toBeVisible();
    expect((await owner.list(second.id)).products.map((p) => p.id)).toEqual([teapot.id]);

    // Delete the second list (confirmation): the first list is shown, the second is gone.
    await page.getByRole('button', { name: 'Delete this list' }).click();
    dialog = page.getByRole('dialog', { name: `Delete the list “${second.name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete the list' }).click();
    await expect(notice(page, 'The list is deleted.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product-list/${first.id}`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next list' })).toHaveCount(0);
    expect(await owner.listStatus(second.id)).toBe(404);
    expect((await owner.lists()).map((l) => l.id)).toEqual([first.id]);

    // The last owned list cannot be deleted (the server would answer 422): the control is
    // disabled and says why, and the list stays.
    await expect(page.getByRole('button', { name: 'Delete this list' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete this list' })).toHaveAccessibleDescription("You can't delete your list when it's only one you own.");
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    expect(await owner.listStatus(first.id)).toBe(200);

    // The lists page: the same from its footer.
    await page.goto('/product-lists');
    await expect(mainHeading(page)).toHaveText('My lists');
    await page.getByRole('button', { name: new RegExp(`^${escapeRe(first.name)}`) }).click();
    await expect(page.getByText(`Selected: ${first.name}`)).toBeVisible();
    await expectAccessible(page);
    if (isMobile(info)) await expectNoHorizontalOverflow(page);
    await expect(page.getByRole('region', { name: 'List actions' }).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'List actions' }).getByText("You can't delete your list when it's only one you own.")).toBeVisible();
    expect(await owner.listStatus(first.id)).toBe(200);
  });

  test('sharing: the share page, a second user favorites the list and cannot change it, an anonymous visitor sees it', async ({ page, browser }, info) => {
    // The owner and a list with two products (one already offered).
    await signIn(page, 'lists-sharer');
    const ownerBearer = await storedBearer(page);
    const owner = api(page.request, ownerBearer);
    const shared = await owner.createList(uniqueName('Wedding'));
    const teapot = await owner.addProduct(shared.id, 'teapot');
    const scarf = await owner.addProduct(shared.id, 'scarf');
    const offered = await owner.raw.patch(`/api/product-lists/${shared.id}/products/${scarf.id}`, { headers: owner.headers, data: { hasBeenOffered: true } });
    expect(offered.status()).toBe(200);

    // The share page: the link {host}/see/{id}, the copy button, the share links.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/share-product-list/${shared.id}`);
    await expect(mainHeading(page)).toHaveText('Share your wish list');
    await expect(page.getByLabel('List to share')).toHaveValue(shared.id);
    const linkField = page.getByLabel('Link to your list');
    await expect(linkField).toHaveValue(/\/see\/[0-9a-f]{24}$/);
    const link = await linkField.inputValue();
    expect(link).toBe(`${new URL(page.url()).origin}/see/${shared.id}`);
    await page.getByRole('button', { name: 'Copy the link' }).click();
    await expect(notice(page, 'The link to your wish list is copied into your clipboard.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const mail = new URL((await page.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href'))!);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toContain(shared.name);
    expect(mail.searchParams.get('body')).toContain(shared.name);
    expect(mail.searchParams.get('body')).toContain(link);
    const whatsapp = new URL((await page.getByRole('link', { name: /Send with WhatsApp/ }).getAttribute('href'))!);
    expect(whatsapp.searchParams.get('text')).toContain(shared.name);
    expect(whatsapp.searchParams.get('text')).toContain(link);
    const tweet = new URL((await page.getByRole('link', { name: /Post on X/ }).getAttribute('href'))!);
    expect(tweet.searchParams.get('text')).toContain(shared.name);
    expect(tweet.searchParams.get('url')).toBe(link);
    const facebook = new URL((await page.getByRole('link', { name: /Share on Facebook/ }).getAttribute('href'))!);
    expect(facebook.searchParams.get('u')).toBe(link);
    await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
    if (isMobile(info)) await expectNoHorizontalOverflow(page);
    const linkPath = new URL(link).pathname;

    // An anonymous visitor opens the link.
    const anonContext = await browser.newContext({ viewport: page.viewportSize()!, hasTouch: isMobile(info) });
    const anon = await anonContext.newPage();
    await anon.goto(linkPath);
    await expect(anon).toHaveURL(new RegExp(`/see/${shared.id}$`));
    await expect(anon.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
    await expect(anon.getByText('Shared with you')).toBeVisible();
    await expect(card(anon, SHOP.teapot.name)).toContainText(SHOP.teapot.shown);
    await expect(card(anon, SHOP.teapot.name)).toContainText(shopHost);
    await expect(card(anon, SHOP.scarf.name)).toContainText(SHOP.scarf.shown);
    await expect(card(anon, SHOP.scarf.name)).toContainText('Offered');
    await expect(anon.getByText('2 products')).toBeVisible();
    // No owner controls.
    await expect(handles(anon)).toHaveCount(0);
    await expect(anon.getByRole('button', { name: 'Delete this list' })).toHaveCount(0);
    await card(anon, SHOP.teapot.name).click();
    await expect(card(anon, SHOP.teapot.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(anon.getByRole('link', { name: 'Open page' })).toHaveAttribute('href', shopUrl('teapot'));
    for (const name of ['Edit', 'Remove', 'Mark as offered', 'Mark as not offered', 'Share', 'Add a product']) {
      const tabs = anon.getByRole('region', { name: 'Product actions' });
      await expect(tabs.getByRole('link', { name, exact: true }).or(tabs.getByRole('button', { name, exact: true }))).toHaveCount(0);
    }
    await expectAccessible(anon);
    if (isMobile(info)) await expectNoHorizontalOverflow(anon);
    // The gateway may keep an anonymous read for a second, but a change shows on the next load.
    const teapotOffered = await owner.raw.patch(`/api/product-lists/${shared.id}/products/${teapot.id}`, { headers: owner.headers, data: { hasBeenOffered: true } });
    expect(teapotOffered.status()).toBe(200);
    await anon.reload();
    await expect(card(anon, SHOP.teapot.name)).toContainText('Offered');
    const teapotBack = await owner.raw.patch(`/api/product-lists/${shared.id}/products/${teapot.id}`, { headers: owner.headers, data: { hasBeenOffered: false } });
    expect(teapotBack.status()).toBe(200);
    await anon.reload();
    await expect(card(anon, SHOP.teapot.name)).not.toContainText('Offered');
    await expect(card(anon, SHOP.scarf.name)).toContainText('Offered');
    // The anonymous API cannot change it either.
    expect((await anon.request.patch(`/api/product-lists/${shared.id}`, { data: { name: 'hacked' } })).status()).toBe(401);
    // Favoriting needs a sign-in first.
    await anon.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(anon).toHaveURL(/\/authenticate\/favorite$/);
    await anonContext.close();

    // A second user (another browser, signed in) opens the link and favorites the list.
    const friendContext = await browser.newContext({ viewport: page.viewportSize()!, hasTouch: isMobile(info) });
    const friendPage = await friendContext.newPage();
    await signIn(friendPage, 'lists-friend');
    const friend = api(friendPage.request, await storedBearer(friendPage));
    await friendPage.goto(linkPath);
    await expect(friendPage.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
    await expect(card(friendPage, SHOP.teapot.name)).toContainText(SHOP.teapot.shown);
    const favorite = friendPage.getByRole('button', { name: 'Add to favorites' });
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await expect(handles(friendPage)).toHaveCount(0);
    await expect(friendPage.getByRole('button', { name: 'Delete this list' })).toHaveCount(0);
    await card(friendPage, SHOP.teapot.name).click();
    await expect(card(friendPage, SHOP.teapot.name)).toHaveAttribute('aria-pressed', 'true');
    const friendTabs = friendPage.getByRole('region', { name: 'Product actions' });
    await expect(friendTabs.getByRole('link', { name: 'Open page' })).toBeVisible();
    for (const name of ['Edit', 'Remove', 'Mark as offered', 'Mark as not offered', 'Share', 'Add a product']) {
      await expect(friendTabs.getByRole('link', { name, exact: true }).or(friendTabs.getByRole('button', { name, exact: true }))).toHaveCount(0);
    }
    await favorite.click();
    await expect(notice(friendPage, 'The list is added to your favorites.')).toBeVisible();
    await expect(friendPage.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(await friend.favorites()).toMatchObject([{ id: shared.id, name: shared.name }]);
    await expectAccessible(friendPage);

    // It is in their favorites: the lists page's favorites section…
    await friendPage.goto('/product-lists');
    await expect(mainHeading(friendPage)).toHaveText('My lists');
    const favoriteEntry = friendPage.getByRole('button', { name: new RegExp(`^${escapeRe(shared.name)}`) });
    await expect(favoriteEntry).toBeVisible();
    const sections = await friendPage.locator('main h2, main .lists-entries button').allTextContents();
    expect(sections.indexOf('My favorites')).toBeGreaterThan(-1);
    expect(sections.findIndex((s) => s.startsWith(shared.name))).toBeGreaterThan(sections.indexOf('My favorites'));
    await favoriteEntry.click();
    const footer = friendPage.getByRole('region', { name: 'List actions' });
    await expect(footer.getByRole('link', { name: 'Open' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Rename' })).toHaveCount(0);
    await expect(footer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(footer.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    await expectAccessible(friendPage);
    if (isMobile(info)) await expectNoHorizontalOverflow(friendPage);

    // …and the desktop header's favorites menu.
    if (!isMobile(info)) {
      const menu = friendPage.getByRole('navigation').getByRole('button', { name: 'Favorites' });
      await expect(menu).toBeVisible();
      await menu.click();
      const entry = friendPage.getByRole('navigation').getByRole('link', { name: shared.name });
      await expect(entry).toBeVisible();
      await entry.click();
      await expect(friendPage).toHaveURL(new RegExp(`/(see|product-list)/${shared.id}$`));
      await expect(friendPage.getByRole('heading', { level: 1, name: shared.name })).toBeVisible();
      await expect(friendPage.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
      await expect(handles(friendPage)).toHaveCount(0);
    }

    // The API refuses every change from the second user.
    const h = friend.headers;
    const r = friend.raw;
    expect((await r.patch(`/api/product-lists/${shared.id}`, { headers: h, data: { name: 'Not yours' } })).status()).toBe(403);
    expect((await r.delete(`/api/product-lists/${shared.id}`, { headers: h })).status()).toBe(403);
    expect((await r.patch(`/api/product-lists/${shared.id}/products/${teapot.id}`, { headers: h, data: { hasBeenOffered: true } })).status()).toBe(403);
    expect((await r.delete(`/api/product-lists/${shared.id}/products/${teapot.id}`, { headers: h })).status()).toBe(403);
    expect((await r.patch(`/api/products-in-lists/${teapot.id}`, { headers: h, data: { name: 'Not yours' } })).status()).toBe(403);
    expect((await r.delete(`/api/products-in-lists/${teapot.id}`, { headers: h })).status()).toBe(403);
    expect((await r.put(`/api/product-lists/${shared.id}/products-ordering`, { headers: h, data: { products: [scarf.id, teapot.id] } })).status()).toBe(403);
    expect((await r.post('/api/products-in-lists', { headers: h, data: { name: 'Intruder', url: shopUrl('book'), productListId: shared.id } })).status()).toBe(403);
    // The edit route tells them it is not theirs.
    await friendPage.goto(`/product-list/${shared.id}/product/${teapot.id}/edit`);
    await expect(notice(friendPage, 'Only the owner of the list can edit its products.')).toBeVisible();
    await expect(friendPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
    // Nothing changed.
    const after = await owner.list(shared.id);
    expect(after.name).toBe(shared.name);
    expect(after.products.map((p) => [p.id, p.name, p.hasBeenOffered])).toEqual([
      [teapot.id, SHOP.teapot.name, false],
      [scarf.id, SHOP.scarf.name, true],
    ]);
    await friendContext.close();
  });

  test('a product link encoded in the address (extension / share intent) opens the prefilled creation', async ({ page }, info) => {
    await signIn(page, 'lists-encoded');
    const owner = api(page.request, await storedBearer(page));
    const [first] = await owner.lists();
    const second = await owner.createList(uniqueName('Housewarming'));
    const encoded = encodeURIComponent(Buffer.from(shopUrl('book')).toString('base64'));
    await page.goto(`/create-product/from/${encoded}/to/${second.id}`);

    if (!isMobile(info)) {
      // Desktop: the list the link chose (not the default one), with the prefilled creation panel.
      await expect(page).toHaveURL(new RegExp(`/product-list/${second.id}\\?encodedProductUrl=`), { timeout: 20_000 });
      const panel = page.getByRole('dialog', { name: 'Add this product' });
      await expect(panel).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
      // Nothing is read before the person confirms the address the link gave.
      await expect(panel.getByRole('textbox', { name: /address of the product page/i })).toHaveValue(shopUrl('book'));
      await panel.getByRole('button', { name: 'Continue' }).click();
      const name = panel.getByRole('textbox', { name: 'Name', exact: true });
      await expect(name).toHaveValue(new RegExp(`^${escapeRe(SHOP.book.name)}`), { timeout: 20_000 });
      await expect(panel.getByRole('textbox', { name: 'Price (€)' })).toHaveValue(SHOP.book.price);
      await expect(panel.getByRole('radio', { name: /^Picture 1 of \d+$/ })).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
      await expect(panel.getByRole('combobox', { name: 'List', exact: true })).toHaveValue(second.id);
      await name.fill(SHOP.book.name);
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Add to my list' }).click();
      await expect(notice(page, 'The product is added to your list.')).toBeVisible();
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/product-list/${second.id}/[0-9a-f]{24}$`));
      await expect(card(page, SHOP.book.name)).toContainText(SHOP.book.shown);
      const stored = await owner.list(second.id);
      expect(stored.products.map((p) => [p.name, p.price, p.url])).toEqual([[SHOP.book.name, 1250, shopUrl('book')]]);
      // The default list, which the redirect used to preselect, is untouched.
      expect((await owner.list(first.id)).products).toEqual([]);
    } else {
      // Mobile: the form directly, its page already read, the list of the link chosen.
      await expect(page).toHaveURL(new RegExp(`/create-product/from/`));
      await expect(mainHeading(page)).toHaveText('Add a product');
      await expect(page.getByRole('textbox', { name: /address of the product page/i })).toHaveValue(shopUrl('book'));
      await page.getByRole('button', { name: 'Continue' }).click();
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await expect(name).toHaveValue(new RegExp(`^${escapeRe(SHOP.book.name)}`), { timeout: 20_000 });
      await expect(page.getByRole('textbox', { name: 'Price (€)' })).toHaveValue(SHOP.book.price);
      await expect(page.getByRole('radio', { name: /^Picture 1 of \d+$/ })).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
      await expect(page.getByRole('combobox', { name: 'List', exact: true })).toHaveValue(second.id);
      await name.fill(SHOP.book.name);
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await page.getByRole('button', { name: 'Add to my list' }).click();
      await expect(page).toHaveURL(new RegExp(`/product-list/${second.id}/[0-9a-f]{24}$`), { timeout: 20_000 });
      await expect(card(page, SHOP.book.name)).toContainText(SHOP.book.shown);
      const stored = await owner.list(second.id);
      expect(stored.products.map((p) => [p.name, p.price, p.url])).toEqual([[SHOP.book.name, 1250, shopUrl('book')]]);
    }
  });

  test('in French the prefilled price is written with a comma', async ({ page }) => {
    await signIn(page, 'lists-fr');
    const [first] = await api(page.request, await storedBearer(page)).lists();
    await page.goto(`/create-product/${first.id}`);
    await languageSwitch(page, 'fr').click();
    await expect(mainHeading(page)).toHaveText('Ajouter un produit');
    await page.getByLabel('Adresse de la page du produit').fill(shopUrl('teapot'));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue(new RegExp(`^${escapeRe(SHOP.teapot.name)}`), { timeout: 20_000 });
    await expect(page.getByRole('textbox', { name: 'Prix (€)' })).toHaveValue('34,90');
    await expectAccessible(page);
  });
});
