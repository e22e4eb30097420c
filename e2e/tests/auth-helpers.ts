import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

let counter = 0;
/** A fresh address per call: accounts never collide between tests, projects or runs. */
export const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The newest mail sent to `to` from the local outbox (GET /dev/mails, newest first). */
export async function latestMailTo(request: APIRequestContext, to: string, after?: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mails')).json()) as OutboxMail[];
        found = mails.find((m) => m.to.includes(to) && (!after || m.sentAt > after));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The validation link of a sign-in mail, as a path: /validate-email/{tokenName}/{code}. */
export function validationPath(mail: OutboxMail): { path: string; tokenName: string; code: string } {
  const m = /\/validate-email\/([^/\s"<>]+)\/([^/\s"<>]+)/.exec(mail.text);
  if (!m) throw new Error(`no validation link in: ${mail.text}`);
  return { path: m[0], tokenName: m[1], code: m[2] };
}

/** Fills the sign-in form of the current /authenticate page and waits for /check-your-emails. */
export async function requestSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel(/e-mail address/i).fill(email);
  await page.getByRole('button', { name: /send me a sign-in link/i }).click();
  await expect(page).toHaveURL(/\/check-your-emails$/);
}

/** The button of the page opened from the e-mail that approves the sign-in (en or fr). */
export const APPROVE_SIGN_IN = /^(Yes, sign in this device|Oui, connecter cet appareil)$/;
export const REFUSE_SIGN_IN = /^(This was not me|Ce n’était pas moi)$/;

/**
 * Opens the e-mailed link on `page` and approves the request there ("Yes, sign in this device"):
 * opening it alone signs nothing in.
 */
export async function openAndApprove(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: APPROVE_SIGN_IN }).click();
}

/** Signs in on this page from start to end (link opened on the same device). Returns the address. */
export async function signIn(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await page.goto('/authenticate');
  await requestSignIn(page, email);
  const { path } = validationPath(await latestMailTo(page.request, email));
  await openAndApprove(page, path);
  await expect(page.getByRole('button', { name: /sign out/i }).first()).toBeVisible();
  return email;
}

/** The bearer this browser keeps under the storage key `token`. */
export const storedBearer = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { bearer?: string }).bearer ?? '');
