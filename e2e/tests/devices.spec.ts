// The account page's devices: one person signed in on two browsers ends the other one from here.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { latestMailTo, openAndApprove, requestSignIn, storedBearer, uniqueEmail, validationPath } from './auth-helpers';

/** A fresh browser (its own storage) with this project's viewport. */
async function newBrowserPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number } | null | undefined) {
  const context = await browser.newContext({ baseURL, viewport: viewport ?? undefined });
  return context.newPage();
}

/** Signs `email` in on `page` (link approved there); `after`: the sentAt of a previous mail to skip. */
async function signInAs(page: Page, email: string, after?: string): Promise<string> {
  await page.goto('/authenticate');
  await requestSignIn(page, email);
  const mail = await latestMailTo(page.request, email, after);
  await openAndApprove(page, validationPath(mail).path);
  await expect(page.getByRole('button', { name: /sign out/i }).first()).toBeVisible();
  return mail.sentAt;
}

const listsStatus = async (page: Page, bearer: string) =>
  (await page.request.get('/api/product-lists', { headers: { Authorization: `Bearer ${bearer}` } })).status();

test('the account page lists both devices and ends the other one, which is signed out on its next call', async ({ browser, baseURL }, testInfo) => {
  const viewport = testInfo.project.use.viewport;
  const laptop = await newBrowserPage(browser, baseURL, viewport);
  const phone = await newBrowserPage(browser, baseURL, viewport);
  const email = uniqueEmail('devices');
  const first = await signInAs(laptop, email);
  await signInAs(phone, email, first);
  const laptopBearer = await storedBearer(laptop);
  const phoneBearer = await storedBearer(phone);

  // The header's account link (icon only at 360 px, same accessible name).
  await laptop.getByRole('link', { name: 'My account' }).first().click();
  await expect(laptop).toHaveURL(/\/account$/);
  await expect(laptop.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  const devices = laptop.getByTestId('device');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(laptop.getByRole('region', { name: 'Delete my account' }).getByRole('link', { name: 'Delete my account' })).toBeVisible();

  // With the keyboard: focus "End" of the other device, confirm.
  const other = devices.filter({ hasNotText: 'This device' });
  await other.getByRole('button', { name: /^End the session on / }).focus();
  await laptop.keyboard.press('Enter');
  const dialog = laptop.getByRole('dialog', { name: 'End this session?' });
  await dialog.getByRole('button', { name: 'Yes, end it' }).click();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');

  // The other browser's bearer is refused on its next call (the gateway caches introspection ≤ 2 s).
  await expect.poll(() => listsStatus(phone, phoneBearer), { timeout: 10_000 }).toBe(401);
  await phone.goto('/product-lists');
  await expect(phone).toHaveURL(/\/authenticate/);
  // This one still works.
  expect(await listsStatus(laptop, laptopBearer)).toBe(200);

  await laptop.context().close();
  await phone.context().close();
});
