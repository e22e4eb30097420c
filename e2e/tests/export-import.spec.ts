// Export and import journey, desktop (English) and 360 px (French): the owner exports a list as CSV and
// as JSON from the lists page, imports the JSON file back as a new list with the same products,
// then pastes shop addresses (one not an address) and gets one product per readable page with a
// line-by-line report; accessibility checked on the open dialog, nothing wider than a phone.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow, languageSwitch } from './helpers';

const isMobile = (info: TestInfo) => info.project.name === 'mobile-360';
const tag = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

const TEXTS = {
  en: {
    export: 'Export',
    csv: 'Export as CSV (spreadsheet)',
    json: 'Export as JSON',
    import: 'Import a list',
    paste: 'Addresses of product pages',
    name: /^Name of the new list/,
    addresses: 'Addresses, one a line',
    submit: 'Import',
    created: (name: string) => `“${name}” is created with 2 products.`,
    pasted: (name: string) => `2 of 3 addresses added to “${name}”.`,
    notAnAddress: 'This is not a web address',
    close: 'Close',
    file: 'File',
  },
  fr: {
    export: 'Exporter',
    csv: 'Exporter en CSV (tableur)',
    json: 'Exporter en JSON',
    import: 'Importer une liste',
    paste: 'Des adresses de pages de produits',
    name: /^Nom de la nouvelle liste/,
    addresses: 'Adresses, une par ligne',
    submit: 'Importer',
    created: (name: string) => `«\u00a0${name}\u00a0» est créée avec 2 produits.`,
    pasted: (name: string) => `2 adresses sur 3 ajoutées à «\u00a0${name}\u00a0».`,
    notAnAddress: 'Ce n’est pas une adresse web',
    close: 'Fermer',
    file: 'Fichier',
  },
} as const;

type Product = { name: string; url: string; price: number | null; image: string };

async function api(page: Page) {
  const headers = { Authorization: `Bearer ${await storedBearer(page)}` };
  return {
    headers,
    async createList(name: string): Promise<string> {
      const res = await page.request.post('/api/product-lists', { headers, data: { name } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    },
    async add(listId: string, name: string, slug: string) {
      const res = await page.request.post('/api/products-in-lists', {
        headers,
        data: { name, price: 3490, url: `${SHOP_URL}/products/${slug}.html`, image: `${SHOP_URL}/images/${slug}-main.png`, productListId: listId },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
    async products(listId: string): Promise<Product[]> {
      const res = await page.request.get(`/api/product-lists/${listId}`, { headers });
      return ((await res.json()) as { data: { products: Product[] } }).data.products.map(({ name, url, price, image }) => ({ name, url, price, image }));
    },
    async listIdNamed(name: string): Promise<string> {
      const lists = ((await (await page.request.get('/api/product-lists', { headers })).json()) as { data: { id: string; name: string }[] }).data;
      return lists.find((l) => l.name === name)!.id;
    },
  };
}

async function download(page: Page, choice: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: choice, exact: true }).click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('export a list as CSV and JSON, import the JSON back, and import pasted addresses', async ({ page }, info) => {
  test.slow();
  const lang = isMobile(info) ? 'fr' : 'en';
  const t = TEXTS[lang];
  await signIn(page, 'export');
  const me = await api(page);
  const listName = `Birthday ${tag()}`;
  const listId = await me.createList(listName);
  await me.add(listId, 'Cast iron teapot, "large"', 'teapot');
  await me.add(listId, '=1+1 scarf', 'scarf');

  await page.goto('/product-lists');
  if (lang === 'fr') await languageSwitch(page, 'fr').click();
  await page.getByRole('button', { name: new RegExp(`^${listName}`) }).click();

  // Export: the two formats behind one button; the files come named after the list.
  await page.getByRole('button', { name: t.export, exact: true }).click();
  await expect(page.getByRole('button', { name: t.csv, exact: true })).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalOverflow(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/export-${info.project.name}.png` });
  const csv = await download(page, t.csv);
  expect(csv.name).toBe(`${listName.replace(' ', '-')}.csv`);
  expect(csv.text).toContain('name,url,price,quantity,mostWanted,note,image,hasBeenOffered');
  expect(csv.text).toContain(`"Cast iron teapot, ""large""",${SHOP_URL}/products/teapot.html,34.90,1,false,`);
  expect(csv.text).toContain(`'=1+1 scarf,${SHOP_URL}/products/scarf.html`);
  await page.getByRole('button', { name: t.export, exact: true }).click();
  const json = await download(page, t.json);
  expect(JSON.parse(json.text)).toMatchObject({ name: listName, products: [{ quantity: 1, mostWanted: false, note: '' }, {}] });

  // Import the JSON file back: a new list with the same products.
  await page.getByRole('button', { name: new RegExp(`^${listName}`) }).click(); // deselect
  await page.getByRole('button', { name: t.import }).click();
  const dialog = page.getByRole('dialog', { name: t.import });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  const copyName = `Copy ${tag()}`;
  await dialog.getByLabel(t.name).fill(copyName);
  // The file as the person saved it: its name and its bytes.
  await dialog.getByLabel(t.file, { exact: true }).setInputFiles({ name: json.name, mimeType: 'application/json', buffer: Buffer.from(json.text) });
  await dialog.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(dialog.getByText(t.created(copyName))).toBeVisible();
  expect(await me.products(await me.listIdNamed(copyName))).toEqual(await me.products(listId));
  await dialog.getByRole('button', { name: t.close }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${copyName}`) })).toBeVisible();

  // Pasted addresses: each page read, one product per readable address, the rest reported.
  await page.getByRole('button', { name: t.import }).click();
  await dialog.getByRole('radio', { name: t.paste }).check();
  const pasteName = `Ideas ${tag()}`;
  await dialog.getByLabel(t.name).fill(pasteName);
  await dialog.getByLabel(t.addresses).fill(`${SHOP_URL}/products/lamp.html\nnot an address\n${SHOP_URL}/products/book.html`);
  await dialog.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(dialog.getByText(t.pasted(pasteName))).toBeVisible({ timeout: 40_000 });
  await expect(dialog.getByRole('listitem').filter({ hasText: t.notAnAddress })).toContainText('not an address');
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/paste-${info.project.name}.png` });
  const pasted = await me.products(await me.listIdNamed(pasteName));
  expect(pasted.map((p) => [p.url, p.price])).toEqual([
    [`${SHOP_URL}/products/lamp.html`, 12950],
    [`${SHOP_URL}/products/book.html`, 1250],
  ]);
});
