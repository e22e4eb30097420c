import {
  contentPageFromPath,
  detectLanguage,
  localizedPath,
  switchLanguagePath,
  languageFromPath,
} from '../src/paths';

describe('localizedPath', () => {
  it.each([
    ['home', 'en', '/en'],
    ['home', 'fr', '/fr'],
    ['privacy', 'en', '/en/privacy-policy'],
    ['privacy', 'fr', '/fr/politique-de-confidentialite'],
    ['howToAddProduct', 'en', '/en/how-to-add-product'],
    ['howToAddProduct', 'fr', '/fr/comment-ajouter-un-produit'],
    ['howToUseExtension', 'en', '/en/how-to-use-extension'],
    ['howToUseExtension', 'fr', '/fr/comment-utiliser-l-extension'],
    ['howToShare', 'en', '/en/how-to-share-wishlist'],
    ['howToShare', 'fr', '/fr/comment-partager-sa-liste'],
  ] as const)('%s in %s is %s', (key, lang, path) => {
    expect(localizedPath(key, lang)).toBe(path);
    expect(contentPageFromPath(path)).toEqual({ key, lang });
  });
});

describe('switchLanguagePath', () => {
  it('maps a content page to its slug in the other language', () => {
    expect(switchLanguagePath('/en/privacy-policy', 'fr')).toBe('/fr/politique-de-confidentialite');
    expect(switchLanguagePath('/fr/comment-partager-sa-liste', 'en')).toBe('/en/how-to-share-wishlist');
    expect(switchLanguagePath('/fr', 'en')).toBe('/en');
    expect(switchLanguagePath('/en/', 'fr')).toBe('/fr');
    expect(switchLanguagePath('/en/how-to-add-product?x=1#top', 'fr')).toBe('/fr/comment-ajouter-un-produit?x=1#top');
  });
  it('keeps the same page when switching to its own language', () => {
    expect(switchLanguagePath('/fr/comment-utiliser-l-extension', 'fr')).toBe('/fr/comment-utiliser-l-extension');
  });
  it('tolerates a slug given in the wrong language', () => {
    expect(switchLanguagePath('/fr/privacy-policy', 'en')).toBe('/en/privacy-policy');
  });
  it('swaps the prefix of an unknown prefixed path', () => {
    expect(switchLanguagePath('/en/unknown', 'fr')).toBe('/fr/unknown');
  });
  it('keeps non-prefixed paths as they are', () => {
    expect(switchLanguagePath('/product-list/42', 'fr')).toBe('/product-list/42');
    expect(switchLanguagePath('/', 'en')).toBe('/');
    expect(switchLanguagePath('/how-to-use-android-app', 'fr')).toBe('/how-to-use-android-app');
  });
});

describe('detectLanguage (SPEC §1)', () => {
  beforeEach(() => localStorage.clear());
  it('takes the first path segment first', () => {
    expect(detectLanguage('/fr/x', { stored: 'en', browser: ['en-US'] })).toBe('fr');
    expect(languageFromPath('/english')).toBeUndefined();
  });
  it('then the stored preference', () => {
    expect(detectLanguage('/basket', { stored: 'fr', browser: ['en-US'] })).toBe('fr');
    localStorage.setItem('language', JSON.stringify('fr'));
    expect(detectLanguage('/basket', { browser: ['en'] })).toBe('fr');
  });
  it('then the browser language', () => {
    expect(detectLanguage('/', { stored: null, browser: ['de-DE', 'fr-CA'] })).toBe('fr');
  });
  it('else English', () => {
    expect(detectLanguage('/', { stored: null, browser: ['de'] })).toBe('en');
  });
});
