import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NS, toLang } from './i18n';
import './strings/common';

describe('content namespace registration', () => {
  it('adds both languages to the shared instance once the shell initialises it', async () => {
    // The module was imported before init (as a remote may load before the shell's init).
    expect(i18next.isInitialized).toBeFalsy();
    await i18next.use(initReactI18next).init({ lng: 'fr', fallbackLng: 'en', resources: {}, initAsync: false });
    expect(i18next.hasResourceBundle('en', NS)).toBe(true);
    expect(i18next.hasResourceBundle('fr', NS)).toBe(true);
    expect(i18next.t('common.start', { ns: NS })).toBe('Créer ma liste');
  });

  it('maps regional and unknown languages to ours', () => {
    expect(toLang('fr-FR')).toBe('fr');
    expect(toLang('en-GB')).toBe('en');
    expect(toLang('de')).toBe('en');
    expect(toLang(undefined)).toBe('en');
  });
});
