import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { fr } from './locales/fr';
import { DEFAULT_LANGUAGE, LANGUAGES, detectLanguage, isLanguage, type Language } from './paths';

declare global {
  interface Window {
    __WISHLIST_SINGLETONS__?: { stores?: number; i18n?: number };
  }
}

// Counts module evaluations: an end-to-end test proves shell and remotes share ONE instance.
if (typeof window !== 'undefined') {
  const counters = (window.__WISHLIST_SINGLETONS__ ??= {});
  counters.i18n = (counters.i18n ?? 0) + 1;
}

export const COMMON_NAMESPACE = 'common';

function reflectOnDocument(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** What the app's instance and the server renderers' instances set alike (synchronous, no Suspense). */
function sharedOptions(language: Language) {
  return {
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: COMMON_NAMESPACE,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
    returnNull: false,
  };
}

/**
 * Initialises the single i18next instance bound to react-i18next. Idempotent: a second call only
 * changes the language when one is given.
 */
export function initI18n(lang?: Language): I18n {
  const language = lang ?? detectLanguage(typeof location !== 'undefined' ? location.pathname : '/');
  if (i18next.isInitialized) {
    if (lang && i18next.language !== lang) void i18next.changeLanguage(lang);
    return i18next;
  }
  void i18next.use(initReactI18next).init({
    ...sharedOptions(language),
    resources: { en: { common: en }, fr: { common: fr } },
    supportedLngs: [...LANGUAGES],
    ns: [COMMON_NAMESPACE],
  } as Parameters<typeof i18next.init>[0]);
  reflectOnDocument(i18next.language);
  i18next.on('languageChanged', reflectOnDocument);
  memoizeKeyLookups(i18next);
  return i18next;
}

type FixedT = ReturnType<I18n['getFixedT']>;

/**
 * The `t` of every component (react-i18next takes it from getFixedT) answers a call with a key
 * alone from a cache: a page asks for the same strings at every render (about 400 lookups as a
 * shared list starts), and each i18next lookup costs tens of microseconds of a phone's main
 * thread. The cache is emptied whenever an answer may change (the language, strings added or
 * removed); a call with options (interpolation, plurals, context, a default) is looked up each time.
 */
function memoizeKeyLookups(instance: I18n): void {
  const cache = new Map<string, string>();
  const clear = () => cache.clear();
  instance.on('languageChanged', clear);
  instance.store.on('added', clear);
  instance.store.on('removed', clear);
  const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => FixedT;
  instance.getFixedT = ((...args: unknown[]) => {
    const fixed = getFixedT(...args);
    const lookup = fixed as unknown as (...callArgs: unknown[]) => unknown;
    const scope = fixed as unknown as { lng?: string | null; ns?: string | readonly string[]; keyPrefix?: string };
    const memo = (...callArgs: unknown[]) => {
      const key = callArgs[0];
      if (callArgs.length !== 1 || typeof key !== 'string') return lookup(...callArgs);
      const id = `${scope.lng || instance.language}\u0000${String(scope.ns)}\u0000${scope.keyPrefix ?? ''}\u0000${key}`;
      const known = cache.get(id);
      if (known !== undefined) return known;
      const value = lookup(key);
      if (typeof value === 'string') cache.set(id, value);
      return value;
    };
    return Object.assign(memo, { lng: scope.lng, ns: scope.ns, keyPrefix: scope.keyPrefix }) as unknown as FixedT;
  }) as I18n['getFixedT'];
}

/**
 * A separate i18next instance in `language` with the common strings and one remote's namespace,
 * for rendering on a server or at build time (the first-view snapshots): the app's own
 * instance is never touched.
 */
export function createI18nInstance(language: Language, namespace: string, resources: Record<Language, Record<string, unknown>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...sharedOptions(language),
    resources: { en: { [COMMON_NAMESPACE]: en, [namespace]: resources.en }, fr: { [COMMON_NAMESPACE]: fr, [namespace]: resources.fr } },
    ns: [COMMON_NAMESPACE, namespace],
  } as Parameters<typeof i18next.init>[0]);
  return instance;
}

/** Current language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

export async function setLanguage(lang: Language): Promise<void> {
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}

export { i18next };
