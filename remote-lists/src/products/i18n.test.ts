import { i18next, initI18n } from '@wishlist/i18n';
import { NS, toLang } from './i18n';

describe('products namespace registration', () => {
  it('adds both languages to the shared instance once the shell initialises it', () => {
    expect(i18next.isInitialized).toBeFalsy();
    initI18n('fr');
    expect(i18next.hasResourceBundle('en', NS)).toBe(true);
    expect(i18next.t('notifications.updated', { ns: NS })).toBe('Les modifications sont enregistrées.');
    expect(i18next.t('notifications.dataError', { ns: NS, lng: 'en' })).toBe('There are some errors in the data you provided.');
  });
  it('maps languages to ours', () => {
    expect(toLang('fr-CA')).toBe('fr');
    expect(toLang('de')).toBe('en');
  });
});
