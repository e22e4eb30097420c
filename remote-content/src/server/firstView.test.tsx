/**
 * @jest-environment node
 */
// The home page prerendered for the gateway's first view, in each language, with the
// same component and words as the app.
import { en, fr } from '../locales';
import { renderHome } from './firstView';

describe('renderHome', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('renders the hero and the steps in %s', (lang, words) => {
    const html = renderHome(lang);
    expect(html).toMatch(/^<div class="content-page content-home">/);
    expect(html).toContain(`<p class="content-lead content-hero-lead">${words.home.intro.replace(/'/g, '&#x27;')}</p>`);
    expect(html).toContain(words.home.headline.prefix.replace(/'/g, '&#x27;'));
    expect(html).toContain(words.home.stepsTitle.replace(/'/g, '&#x27;'));
    expect(html).toContain(`href="/${lang}/${lang === 'en' ? 'how-to-use-extension' : 'comment-utiliser-l-extension'}"`);
  });
});
