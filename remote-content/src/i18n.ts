// The `content` namespace: registered into the shell's i18next instance when this module loads
// (docs/frontend-contract.md), and re-checked by `useContent()` on whatever instance renders the
// page (the shell may have created its own instance, or may initialise after we load).
import i18next, { type i18n as I18n } from 'i18next';
import { useContext } from 'react';
import { I18nContext, getI18n, useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'content';
export const resources = { en, fr } as const;
export type Lang = keyof typeof resources;

export function registerContent(instance: I18n): void {
  for (const [lang, res] of Object.entries(resources)) {
    if (!instance.hasResourceBundle(lang, NS)) instance.addResourceBundle(lang, NS, res, true, true);
  }
}

function isReady(instance: I18n | undefined): boolean {
  return !!instance && typeof instance.addResourceBundle === 'function' && !!instance.store;
}

function registerWhenReady(instance: I18n): void {
  if (isReady(instance)) registerContent(instance);
  // Not initialised yet (the shell calls init() later): add our bundles as soon as it is.
  else if (typeof instance.on === 'function') instance.on('initialized', () => registerContent(instance));
}

registerWhenReady(i18next);
const bound = getI18n();
if (bound && bound !== i18next) registerWhenReady(bound);

/** The page's language as one of ours: the shell sets i18next's language from the path. */
export function toLang(language: string | undefined): Lang {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** `useTranslation('content')`, making sure the rendering instance has our namespace. */
export function useContent() {
  const fromContext = useContext(I18nContext)?.i18n;
  const instance = fromContext ?? getI18n() ?? i18next;
  if (instance && isReady(instance)) registerContent(instance);
  const result = useTranslation(NS);
  const lang = toLang(result.i18n.resolvedLanguage ?? result.i18n.language);
  return { ...result, t: result.t, lang };
}
