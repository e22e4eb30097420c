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
  it("answers a component's repeated lookups from a cache that follows the language and added strings", async () => {
    initI18n('en');
    await setLanguage('en');
    defineNamespace('memo', { en: { greet: 'Hi', named: 'Hi {{name}}' }, fr: { greet: 'Salut', named: 'Salut {{name}}' } });
    const t = i18next.getFixedT(null, 'memo');
    // i18next's own lookup (not in its types): counted to see the cache answer.
    const translate = jest.spyOn((i18next as unknown as { translator: { translate: (...a: unknown[]) => unknown } }).translator, 'translate');
    expect(t('greet')).toBe('Hi');
    expect(t('greet')).toBe('Hi');
    expect(translate).toHaveBeenCalledTimes(1);
    expect(t('named', { name: 'Ada' })).toBe('Hi Ada');
    expect(t('named', { name: 'Bob' })).toBe('Hi Bob');
    await setLanguage('fr');
    expect(t('greet')).toBe('Salut');
    i18next.addResourceBundle('fr', 'memo', { greet: 'Coucou' }, true, true);
    expect(t('greet')).toBe('Coucou');
    expect(i18next.getFixedT('en', 'memo')('greet')).toBe('Hi');
    translate.mockRestore();
    await setLanguage('en');
  });
  it('has the same keys in English and French', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });
});
