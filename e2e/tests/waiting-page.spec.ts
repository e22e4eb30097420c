// A list page whose data is on its way waits idle: it shows its loading state once and renders
// nothing more until the answer comes. A page that React renders again and again while it waits
// (mounted while the shell still shows its own loading state) keeps a phone's processor busy for
// the whole wait. React's commits are counted through its DevTools hook (the integration point
// React calls on every commit).
import { expect, test, type Page, type Route } from '@playwright/test';
import { SHOP_URL } from '../playwright.config';
import { signIn, storedBearer } from './auth-helpers';

/** Counts React's commits on the page (window.__commits). */
async function countCommits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __commits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__commits = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      isDisabled: false,
      checkDCE() {},
      inject: () => 1,
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      setStrictMode() {},
      onCommitFiberRoot() {
        w.__commits += 1;
      },
    };
  });
}

const commits = (page: Page) => page.evaluate(() => (window as unknown as { __commits: number }).__commits);

/** Holds the answers to `pattern` until release() is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return () => {
    released = true;
    for (const route of held.splice(0)) void route.continue();
  };
}

test("the owner's list page waits for its data without rendering again and again", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'waiting-page');
  const bearer = await storedBearer(page);
  const headers = { Authorization: `Bearer ${bearer}` };
  const lists = (await (await page.request.get('/api/product-lists', { headers })).json()) as { data: { id: string }[] };
  const listId = lists.data[0].id;
  for (let i = 1; i <= 3; i++) {
    const res = await page.request.post('/api/products-in-lists', { headers, data: { name: `Waiting ${i}`, price: 1000 + i, url: `${SHOP_URL}/products/teapot.html`, productListId: listId } });
    expect(res.status()).toBeLessThan(300);
  }
  await countCommits(page);

  // The race that set it off depends on timing: a few loads make it show if it is there.
  for (let round = 0; round < 4; round++) {
    const path = `/product-list/${listId}`;
    const release = await hold(page, new RegExp(`/api/(favorites|product-lists/${listId})`));
    await page.goto(path);
    await expect(page.locator('.shell-page-loading, .lists-loading').first()).toBeVisible();
    const before = await commits(page);
    // A watch window: the page is waiting, and nothing it shows changes meanwhile.
    await page.waitForTimeout(1000);
    expect(await commits(page), `React commits while ${path} waited for its data`).toBeLessThan(before + 10);
    release();
    await expect(page.getByRole('button', { name: /^Waiting 3/ })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});
