import { i18next, initI18n } from '@wishlist/i18n';
import { NS, toLang } from './i18n';
import './strings/basket';

describe('basket namespace registration', () => {
  it('adds both languages to the shared instance once the shell initialises it', () => {
    expect(i18next.isInitialized).toBeFalsy();
    initI18n('fr');
    expect(i18next.hasResourceBundle('en', NS)).toBe(true);
    expect(i18next.hasResourceBundle('fr', NS)).toBe(true);
    expect(i18next.t('basket.title', { ns: NS })).toBe('Produits à offrir');
  });

  it('maps regional and unknown languages to ours', () => {
    expect(toLang('fr-FR')).toBe('fr');
    expect(toLang('de')).toBe('en');
    expect(toLang(undefined)).toBe('en');
  });
});
