// The dev server, as a team member uses it: `npm run dev` serves every page with no page error in
// both languages; an edit to a remote's component and to the shell shows in the open page without
// a reload (React Fast Refresh through the federation, state kept); an edit to a service's source
// restarts that service alone. The stack is this spec's own (`scripts/dev.mjs` on ports of its
// own, a fresh data directory). Desktop only: the dev server does not depend on the viewport.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PORT } from '../playwright.config';
import { latestMailTo, openAndApprove, requestSignIn, storedBearer, uniqueEmail, validationPath } from './auth-helpers';
import { ROOT } from './deploy-helpers';

const GATEWAY = PORT + 30;
const BASE = `http://localhost:${GATEWAY}`;
// Dev servers on GATEWAY + 10 … + 14 (shell, content, auth, lists, basket-offer).
const DEV_PORT_OFFSET = GATEWAY + 10 - 3000;

test.describe.configure({ mode: 'serial' });
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'the dev server does not depend on the viewport');

let stack: ChildProcess;
let output = '';
let dataDir: string;
const edited = new Map<string, { text: string; atime: Date; mtime: Date }>();

/** Writes `file` (relative to the repository) with `search` replaced; restored after the spec. */
function edit(file: string, search: string, replace: string): void {
  const path = join(ROOT, file);
  const original = edited.get(path) ?? { text: readFileSync(path, 'utf8'), atime: statSync(path).atime, mtime: statSync(path).mtime };
  if (!original.text.includes(search)) throw new Error(`${file} no longer contains ${search}`);
  edited.set(path, original);
  writeFileSync(path, original.text.replace(search, replace));
}

/**
 * Puts the file back as it was, its times included: a source newer than its build makes the next
 * `npm run dev` or `npm start` rebuild that box's dist, which the other specs' gateway is serving.
 */
function restore(file?: string): void {
  for (const [path, original] of edited) {
    if (file && path !== join(ROOT, file)) continue;
    writeFileSync(path, original.text);
    utimesSync(path, original.atime, original.mtime);
    edited.delete(path);
  }
}

/** `npm run dev -- <boxes>` on this spec's ports; resolves once it says it is running. */
async function startDev(boxes: string[]): Promise<void> {
  output = '';
  dataDir = mkdtempSync(join(tmpdir(), 'wishlist-dev-'));
  stack = spawn(process.execPath, ['scripts/dev.mjs', ...boxes], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(GATEWAY),
      AUTH_PORT: String(GATEWAY + 1),
      LISTS_PORT: String(GATEWAY + 2),
      OFFERS_PORT: String(GATEWAY + 3),
      ENGINE_METRICS_PORT: 'off',
      DEV_PORT_OFFSET: String(DEV_PORT_OFFSET),
      DATA_DIR: dataDir,
      IDENTITY_SECRET: randomBytes(32).toString('hex'),
      SIGNIN_RATE_PER_CLIENT: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout!.on('data', (d) => (output += d));
  stack.stderr!.on('data', (d) => (output += d));
  await expect
    // A stack that stops shows what it printed last, the reason with it.
    .poll(() => (stack.exitCode !== null ? `exited ${stack.exitCode}: ${output.slice(-3000)}` : output.includes('is running at') ? 'up' : 'starting'), {
      timeout: 400_000,
      intervals: [1000],
    })
    .toBe('up');
}

async function stopDev(): Promise<void> {
  restore();
  if (stack && stack.exitCode === null) {
    const exited = new Promise((r) => stack.once('exit', r));
    stack.kill('SIGINT');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A page that records its page errors, and what it logs as errors or warnings (an error a React
 * boundary caught is logged, never thrown): the latter only explain a failure.
 */
async function openPage(browser: Browser, locale: string): Promise<{ page: Page; errors: string[]; logged: string[] }> {
  const context = await browser.newContext({ baseURL: BASE, locale });
  const page = await context.newPage();
  const errors: string[] = [];
  const logged: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    // Resources the sandbox cannot reach (the affiliate script's host) are not the app's doing.
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource')) logged.push(`${m.type()}: ${m.text().slice(0, 500)}`);
  });
  return { page, errors, logged };
}

const CONTENT = {
  en: ['/en', '/en/privacy-policy', '/en/how-to-add-product', '/en/how-to-use-extension', '/en/how-to-share-wishlist'],
  fr: ['/fr', '/fr/politique-de-confidentialite', '/fr/comment-ajouter-un-produit', '/fr/comment-utiliser-l-extension', '/fr/comment-partager-sa-liste'],
};

test.describe('npm run dev: every box from source', () => {
  test.beforeAll(async () => {
    test.setTimeout(420_000);
    await startDev([]);
  });
  test.afterAll(stopDev);

  for (const lang of ['en', 'fr'] as const) {
    test(`every page renders with no page error (${lang})`, async ({ browser }) => {
      test.setTimeout(300_000);
      const { page, errors } = await openPage(browser, lang === 'fr' ? 'fr-FR' : 'en-US');
      const visit = async (path: string) => {
        await page.goto(path);
        await expect(page.locator('main h1').first(), path).toBeVisible({ timeout: 30_000 });
      };
      for (const path of [...CONTENT[lang], '/how-to-use-android-app', '/not-found', '/basket', '/offer', '/authenticate']) await visit(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      const email = uniqueEmail(`dev-${lang}`);
      if (lang === 'en') await requestSignIn(page, email);
      else {
        await page.getByLabel(/adresse e-mail/i).fill(email);
        await page.getByRole('button', { name: 'M’envoyer un lien de connexion' }).click();
        await expect(page).toHaveURL(/\/check-your-emails$/);
      }
      const { path } = validationPath(await latestMailTo(page.request, email));
      await openAndApprove(page, path);
      await expect(page.getByRole('button', { name: /sign out|se déconnecter/i }).first()).toBeVisible();
      const created = await page.request.post('/api/product-lists', {
        headers: { authorization: `Bearer ${await storedBearer(page)}` },
        data: { name: `Dev ${lang}` },
      });
      expect(created.ok()).toBe(true);
      const id = ((await created.json()) as { data: { id: string } }).data.id;
      for (const path of ['/product-lists', `/product-list/${id}`, `/see/${id}`, `/share-product-list/${id}`, `/edit-product-list/${id}`, '/create-product-list', `/create-product/${id}`, '/account']) {
        await visit(path);
      }
      expect(errors).toEqual([]);
    });
  }

  test('an edit to a remote and to the shell shows without a reload, state kept', async ({ browser }) => {
    test.setTimeout(120_000);
    const { page, errors, logged } = await openPage(browser, 'en-US');
    // The rotation stays paused; a failure says what the page logged up to then.
    const stillPaused = async () => {
      try {
        await expect(page.getByRole('button', { name: 'Play the animation' })).toBeVisible();
      } catch (e) {
        throw new Error(`${(e as Error).message}\nThe page logged:\n${logged.join('\n')}`, { cause: e });
      }
    };
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 42));
    // State of a remote component: the rotating headline paused.
    await page.getByRole('button', { name: 'Pause the animation' }).click();
    await stillPaused();
    const sameDocument = () => page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker === 42);

    edit('remote-content/src/pages/HomePage.tsx', "{t('home.intro')}</p>", "{t('home.intro')}</p><p>Edited by the content team</p>");
    await expect(page.getByText('Edited by the content team')).toBeVisible({ timeout: 20_000 });
    expect(await sameDocument()).toBe(true);
    await stillPaused();

    edit('shell/src/layout/AppLayout.tsx', "{t('a11y.skipToContent')}", "{t('a11y.skipToContent')}<span>Edited by the shell team</span>");
    await expect(page.getByText('Edited by the shell team')).toBeAttached({ timeout: 20_000 });
    expect(await sameDocument()).toBe(true);
    await stillPaused();

    restore();
    await expect(page.getByText('Edited by the content team')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText('Edited by the shell team')).toHaveCount(0, { timeout: 20_000 });
    expect(await sameDocument()).toBe(true);
    await stillPaused();
    expect(errors).toEqual([]);
  });

  test("an edit to a service's source restarts that service alone", async ({ request }) => {
    test.setTimeout(90_000);
    const pids = () =>
      Object.fromEntries([...output.matchAll(/\[wishlist\]\S* (auth|lists|offers|gateway) pid (\d+)/g)].map((m) => [m[1], m[2]]));
    const before = pids();
    const restarts = () => (output.match(/\[lists\] Restarting 'src\/main\.ts'/g) ?? []).length;
    const restartsBefore = restarts();
    edit('services/lists/src/config.ts', '\n', '\n// edited by the lists team\n');
    await expect.poll(restarts, { timeout: 30_000 }).toBeGreaterThan(restartsBefore);
    restore('services/lists/src/config.ts');
    await expect.poll(async () => (await request.get(`http://127.0.0.1:${GATEWAY + 2}/health`).catch(() => null))?.status(), { timeout: 30_000 }).toBe(200);
    // The others kept their process (node --watch restarts its child; the supervisor saw no exit).
    expect(pids()).toEqual(before);
    expect(output).not.toMatch(/\[(auth|offers|gateway)\] Restarting/);
  });
});

test.describe('npm run dev -- remote-content: one remote from source, the rest as built', () => {
  test.beforeAll(async () => {
    test.setTimeout(600_000);
    await startDev(['remote-content']);
  });
  test.afterAll(stopDev);

  test("the remote's edit shows without a reload inside the rest of the product as built", async ({ browser, request }) => {
    test.setTimeout(120_000);
    // The other remotes as built, this one from its dev server.
    const { remotes } = (await (await request.get(`${BASE}/remotes.json`)).json()) as { remotes: { name: string; entry: string }[] };
    expect(remotes.find((r) => r.name === 'remote_content')?.entry).toBe(`http://localhost:${GATEWAY + 11}/mf-manifest.json`);
    expect(remotes.find((r) => r.name === 'remote_lists')?.entry).toMatch(/^\/remotes\/lists\/mf-manifest\.json/);
    expect(output).toMatch(/from source: remote-content/);

    const { page, errors } = await openPage(browser, 'fr-FR');
    await page.goto('/fr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { devMarker: number }).devMarker = 42));
    edit('remote-content/src/pages/HomePage.tsx', "{t('home.intro')}</p>", "{t('home.intro')}</p><p>Modifié par l’équipe du contenu</p>");
    await expect(page.getByText('Modifié par l’équipe du contenu')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { devMarker?: number }).devMarker)).toBe(42);
    restore();
    await expect(page.getByText('Modifié par l’équipe du contenu')).toHaveCount(0, { timeout: 20_000 });
    // A page of a remote as built still works beside it.
    await page.goto('/authenticate');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
