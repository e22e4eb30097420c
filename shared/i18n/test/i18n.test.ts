import { currentLanguage, defineNamespace, i18next, initI18n, setLanguage } from '../src';
import { en } from '../src/locales/en';
import { fr } from '../src/locales/fr';

function keysOf(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('initI18n', () => {
  it('counts its module evaluation once', () => {
    expect(window.__WISHLIST_SINGLETONS__?.i18n).toBe(1);
  });
  it('initialises once, follows the language and sets <html lang>', async () => {
    const a = initI18n('fr');
    const b = initI18n();
    expect(a).toBe(b);
    expect(currentLanguage()).toBe('fr');
    expect(i18next.t('actions.retry')).toBe('Réessayer');
    expect(document.documentElement.lang).toBe('fr');
    await setLanguage('en');
    expect(i18next.t('actions.retry')).toBe('Retry');
    expect(document.documentElement.lang).toBe('en');
  });
  it('lets a remote add a namespace', () => {
    defineNamespace('content', { en: { hello: 'Hello' }, fr: { hello: 'Bonjour' } });
    expect(i18next.t('content:hello', { lng: 'fr' })).toBe('Bonjour');
  });
  it('has the same keys in English and French', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });
});
