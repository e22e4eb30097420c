/**
 * @jest-environment node
 */
// The shell's layout around a first view, prerendered at build time with the app's own
// header and footer, signed out, in each language, with a slot for the page.
import { PAGE_SLOT, renderLayout } from '../src/firstView/prerender';

describe('renderLayout', () => {
  it('renders both headers (one shown per viewport), the page slot in <main> and the footer, in English', async () => {
    const html = await renderLayout('see', 'en');
    expect(html).toMatch(/^<div class="shell-app"><a class="shell-skip-link" href="#main-content">Skip to content<\/a>/);
    expect(html).toContain('data-first-view-header="mobile"');
    expect(html).toContain('data-first-view-header="desktop"');
    expect(html).toContain(`<main id="main-content" class="shell-main" tabindex="-1"><div class="shell-container">${PAGE_SLOT}</div></main>`);
    // Signed out: Sign in and Log in, never the placeholder of a session being checked.
    expect(html).toContain('Sign in');
    expect(html).toContain('Log in');
    expect(html).not.toContain('session-pending');
    // On a shared list the Products tab is the current one.
    expect(html).toMatch(/class="shell-tabs__tab active" aria-current="page"/);
    expect(html).toContain('<footer class="shell-footer">');
    expect(html).toContain('href="/en/privacy-policy"');
  });

  it('renders the French layout of the home page', async () => {
    const html = await renderLayout('home', 'fr');
    expect(html).toContain('Se connecter');
    expect(html).toContain('href="/fr/politique-de-confidentialite"');
    expect(html).toContain('aria-label="Accueil Wishlist" href="/fr"');
    expect(html).not.toMatch(/class="shell-tabs__tab active"/);
    expect(html).toContain('lang="fr" class="shell-lang__option" aria-pressed="true"');
  });
});
