import { expect, test, type Browser, type Page } from '@playwright/test';
import { APPROVE_SIGN_IN, latestMailTo, requestSignIn, signIn, storedBearer, uniqueEmail, validationPath } from './auth-helpers';
import { expectAccessible, expectNoHorizontalOverflow } from './helpers';

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
  await phone.getByRole('button', { name: APPROVE_SIGN_IN }).click();
  await expect(phone).toHaveURL(/\/validate-email-success$/);
  await expect(phone.getByText(/other devices must authenticate too/i)).toBeVisible();
  await other.close();

  // The first device was polling: it is now signed in and back where it wanted to go.
  await expect(page).toHaveURL(/\/delete-account$/, { timeout: 15_000 });
  // Signed in for the deletion: the notice says so, not "start adding products".
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

test.describe('the e-mailed link signs in only the device the person approves', () => {
  /** The asking device: a phone's Firefox, so the approval page has something to name. */
  const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
  const codeOnWaitingScreen = async (page: Page) => (await page.locator('.auth-code').innerText()).trim();
  const listsStatus = (page: Page, bearer: string) =>
    page.request.get('/api/product-lists', { headers: { Authorization: `Bearer ${bearer}` } }).then((r) => r.status());

  /** Context A asks for a sign-in; returns its page, bearer, token name, code on screen and link. */
  async function askFromPhone(browser: Browser, tag: string) {
    const phoneContext = await browser.newContext({ userAgent: FIREFOX_ANDROID });
    const asker = await phoneContext.newPage();
    const email = uniqueEmail(tag);
    await asker.goto('/authenticate');
    await requestSignIn(asker, email);
    const code = await codeOnWaitingScreen(asker);
    expect(code).toMatch(/^[0-9]{4}$/);
    await expect(asker.getByText('The page opened from the e-mail will show the same code.')).toBeVisible();
    const mail = await latestMailTo(asker.request, email);
    expect(mail.text).toMatch(/A sign-in was asked for Firefox on Android on \d{1,2} \w+ at \d\d:\d\d \([^)]+\)\./);
    expect(mail.text).toContain('Open the link only if it was you.');
    const bearer = await storedBearer(asker);
    return { phoneContext, asker, email, code, bearer, link: validationPath(mail) };
  }

  test('same browser: the page says so, and one click signs it in', async ({ page, context }) => {
    const email = uniqueEmail('same-browser');
    await page.goto('/authenticate');
    await requestSignIn(page, email);
    const code = await codeOnWaitingScreen(page);
    const { path } = validationPath(await latestMailTo(page.request, email));
    // The mail opened in another tab of the same browser.
    const mailTab = await context.newPage();
    await mailTab.goto(path);
    await expect(mailTab.getByRole('heading', { level: 1, name: 'Sign in this device?' })).toBeFocused();
    await expect(mailTab.getByText('This is the browser that asked.')).toBeVisible();
    await expect(mailTab.getByTestId('request-code')).toHaveText(code);
    await expectAccessible(mailTab);
    await expectNoHorizontalOverflow(mailTab);
    await mailTab.getByRole('button', { name: 'Yes, sign in this device' }).click();
    await expect(mailTab.getByRole('button', { name: /sign out/i }).first()).toBeVisible();
    await expect(mailTab).toHaveURL(/\/product-list\/[^/]+$/);
    // The tab that asked proceeds by itself too.
    await expect(page.getByRole('button', { name: /sign out/i }).first()).toBeVisible({ timeout: 15_000 });
    expect(await listsStatus(page, await storedBearer(page))).toBe(200);
  });

  test('another device: it shows the asker and the same code, and signs nothing in before "Yes"', async ({ browser }) => {
    const a = await askFromPhone(browser, 'other-device');
    const laptopContext = await browser.newContext();
    const laptop = await laptopContext.newPage();
    await laptop.goto(a.link.path);
    await expect(laptop.getByTestId('request-device')).toHaveText('Firefox on Android');
    await expect(laptop.getByTestId('request-code')).toHaveText(a.code);
    await expect(laptop.getByText('Check that the code below is the one shown on the screen of the device you want to sign in.')).toBeVisible();
    await expect(laptop.getByText('This is the browser that asked.')).toHaveCount(0);
    await expectAccessible(laptop);
    await expectNoHorizontalOverflow(laptop);

    // Opened, read, not approved: the asker's bearer still reads nothing, and it is still waiting.
    expect(await listsStatus(laptop, a.bearer)).toBe(401);
    const polled = await laptop.request.get(`/api/tokens/${a.link.tokenName}`, { headers: { Authorization: `Bearer ${a.bearer}` } });
    expect(await polled.json()).toEqual({ isValidated: false });
    await expect(a.asker).toHaveURL(/\/check-your-emails$/);
    await expect(a.asker.getByText('Waiting for you to confirm from the link…')).toBeVisible();

    await laptop.getByRole('button', { name: 'Yes, sign in this device' }).click();
    await expect(laptop).toHaveURL(/\/validate-email-success$/);
    await expect(a.asker.getByRole('button', { name: /sign out/i }).first()).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => listsStatus(laptop, a.bearer), { timeout: 5_000 }).toBe(200);
    await laptopContext.close();
    await a.phoneContext.close();
  });

  test('"This was not me": the asker is told, and its bearer never works', async ({ browser }) => {
    const a = await askFromPhone(browser, 'not-me');
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto(a.link.path);
    await owner.getByRole('button', { name: 'This was not me' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Nothing was signed in' })).toBeFocused();
    await expectAccessible(owner);

    await expect(a.asker.getByRole('heading', { level: 1, name: 'Sign-in refused' })).toBeVisible({ timeout: 15_000 });
    await expect(a.asker.getByText('If it was you, ask again.')).toBeVisible();
    const polled = await owner.request.get(`/api/tokens/${a.link.tokenName}`, { headers: { Authorization: `Bearer ${a.bearer}` } });
    expect(polled.status()).toBe(410);
    expect(((await polled.json()) as { error: { code: string } }).error.code).toBe('token_refused');
    // The link approves nothing any more, opened or submitted.
    const put = await owner.request.put('/api/tokens', { data: { tokenName: a.link.tokenName, validationCode: a.link.code } });
    expect(put.status()).toBe(422);
    await owner.goto(a.link.path);
    await expect(owner.getByRole('heading', { level: 1, name: 'Nothing was signed in' })).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Yes, sign in this device' })).toHaveCount(0);
    expect(await listsStatus(owner, a.bearer)).toBe(401);
    await ownerContext.close();
    await a.phoneContext.close();
  });
});
