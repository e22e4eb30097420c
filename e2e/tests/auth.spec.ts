import { expect, test } from '@playwright/test';
import { latestMailTo, requestSignIn, signIn, storedBearer, uniqueEmail, validationPath } from './auth-helpers';
import { expectAccessible } from './helpers';

test('sign in with the link opened on another device; the asking device proceeds by itself', async ({ page, browser }) => {
  // A login-required page first: the wanted path is remembered for after sign-in.
  await page.goto('/delete-account');
  await expect(page).toHaveURL(/\/authenticate\/account-deletion$/);
  await expectAccessible(page);
  const email = uniqueEmail('two-devices');
  await requestSignIn(page, email);
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  const mail = await latestMailTo(page.request, email);
  expect(mail.subject).toMatch(/sign-in|wishlist/i);
  expect(mail.html).toContain('/validate-email/');

  // The other device: a fresh browser context with nothing stored.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(validationPath(mail).path);
  await expect(phone).toHaveURL(/\/validate-email-success$/);
  await expect(phone.getByText(/other devices must authenticate too/i)).toBeVisible();
  await other.close();

  // The first device was polling: it is now signed in and back where it wanted to go.
  await expect(page).toHaveURL(/\/delete-account$/, { timeout: 15_000 });
  // Signed in for the deletion: the notice says so (issue 11 §10), not "start adding products".
  await expect(page.getByText('You are signed in. You can now delete your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: /sign out/i }).first()).toBeVisible();
});

test('a wrong code goes to the incorrect-data page with a retry link', async ({ page }) => {
  const email = uniqueEmail('wrong-code');
  await page.goto('/authenticate');
  await requestSignIn(page, email);
  const { tokenName } = validationPath(await latestMailTo(page.request, email));
  await page.goto(`/validate-email/${tokenName}/not-the-right-code`);
  await expect(page).toHaveURL(/\/validate-email-failed\/incorrect-data$/);
  await expect(page.getByText('The validation link is incorrect or it expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: /try again/i })).toHaveAttribute('href', /\/authenticate/);
  await expectAccessible(page);
});

test('too many wrong tries kill the token, even for the right code', async ({ page, browser }) => {
  const email = uniqueEmail('brute-force');
  await page.goto('/authenticate');
  await requestSignIn(page, email);
  const { tokenName, path } = validationPath(await latestMailTo(page.request, email));
  const attacker = await browser.newContext();
  const tab = await attacker.newPage();
  // Well-formed guesses (43 URL-safe characters, like real codes), each one wrong.
  for (let i = 0; i < 5; i++) {
    await tab.goto(`/validate-email/${tokenName}/${`wrongGuess${i}`.padEnd(43, 'x')}`);
    await expect(tab).toHaveURL(/\/validate-email-failed\/incorrect-data$/);
  }
  await tab.goto(path);
  await expect(tab).toHaveURL(/\/validate-email-failed\/too-many-tries$/);
  await expect(tab.getByText('There were too many failures in trying to validate your email.')).toBeVisible();
  await attacker.close();
  // The waiting device gives up on a dead token.
  await expect(page).toHaveURL(/\/validate-email-failed\/unknown$/, { timeout: 15_000 });
});

test('an expired code is refused', async ({ page }) => {
  const ttl = Number(process.env.E2E_CODE_TTL_SECONDS ?? 25);
  test.setTimeout((ttl + 60) * 1000);
  const email = uniqueEmail('expired');
  await page.goto('/authenticate');
  await requestSignIn(page, email);
  const { path } = validationPath(await latestMailTo(page.request, email));
  await page.goto('/');
  await page.waitForTimeout((ttl + 2) * 1000);
  await page.goto(path);
  await expect(page).toHaveURL(/\/validate-email-failed\/incorrect-data$/);
});

test('delete the account: signed out, and the old bearer is refused', async ({ page }) => {
  await signIn(page, 'delete');
  const bearer = await storedBearer(page);
  expect(bearer.length).toBeGreaterThan(20);
  const asOwner = { headers: { Authorization: `Bearer ${bearer}` } };
  expect((await page.request.get('/api/product-lists', asOwner)).status()).toBe(200);

  await page.goto('/delete-account');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^delete my account$/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /yes, delete my account/i }).click();
  await expect(page.getByText('Your account is successfully deleted.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/delete-account$/);
  await expect(page.getByRole('button', { name: /sign out/i })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The gateway caches introspection for at most 2 s.
  await expect
    .poll(async () => (await page.request.get('/api/product-lists', asOwner)).status(), { timeout: 5_000 })
    .toBe(401);
});

test('sign out revokes the bearer', async ({ page }) => {
  await signIn(page, 'logout');
  const bearer = await storedBearer(page);
  await page.getByRole('button', { name: /sign out/i }).first().click();
  await expect(page.getByRole('button', { name: /sign out/i })).toHaveCount(0);
  await expect
    .poll(
      async () => (await page.request.get('/api/product-lists', { headers: { Authorization: `Bearer ${bearer}` } })).status(),
      { timeout: 5_000 },
    )
    .toBe(401);
});
