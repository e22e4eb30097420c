import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical accessibility violation on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // The splash screen fades out over 250 ms once the first route is ready: audit the page, not
  // a half-transparent overlay caught mid-fade. Before the app renders, index.html's static splash
  // stands in #root and the app's is not there yet: both must be gone.
  await expect(page.locator('.boot-splash, [data-testid="splash"]')).toHaveCount(0);
  // Nor a dialog or a button caught mid-transition (its colours half faded in): wait for the
  // finite animations to end (a spinner's or the rotating word's never do).
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
  ).toEqual([]);
}

/** Nothing wider than the viewport (a 360 px phone must not scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth + 1);
}

/**
 * A person using the page: the pointer moves over it until the app's code is asked for (a visitor's
 * hydrated first view starts the app at their first sign of use; a move before the shell's entry
 * listens is not seen, as a person's next one would be).
 */
export async function actOnPage(page: Page): Promise<void> {
  let x = 2;
  await expect(async () => {
    await page.mouse.move((x = x === 2 ? 3 : 2), 2);
    expect(await page.evaluate(() => !document.documentElement.hasAttribute('data-first-view-hydrate') || document.querySelector('script[src*="/static/js/async/"]') !== null)).toBe(true);
  }).toPass({ timeout: 10_000 });
}

/**
 * The app has taken over from the server's first-view snapshot: until then a page
 * arriving as HTML holds both the snapshot and the app's hidden #root, so a CSS locator can match
 * twice. A no-op on pages served without a snapshot. The person acts first (actOnPage).
 */
export async function expectAppShown(page: Page): Promise<void> {
  await actOnPage(page);
  await expect(page.locator('html[data-first-view]')).toHaveCount(0);
  await expect(page.locator('html[data-first-view-hydrate]')).toHaveCount(0);
  await expect(page.locator('#first-view')).toHaveCount(0);
}

/** The main heading of a page rendered by a remote. */
export const mainHeading = (page: Page) => page.locator('main h1').first();

/** The footer's FR/EN switch (a button or a link named by its language). */
export const languageSwitch = (page: Page, lang: 'en' | 'fr') => {
  const name = lang === 'fr' ? /^(FR|Français)$/i : /^(EN|English)$/i;
  const footer = page.getByRole('contentinfo');
  return footer.getByRole('button', { name }).or(footer.getByRole('link', { name }));
};
