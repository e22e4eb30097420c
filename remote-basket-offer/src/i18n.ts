// The `basket` namespace (docs/frontend-contract.md): added to the shell's i18next instance with
// `addResources` when this module loads, and re-checked by `useBasketT()` on whatever instance
// renders the component (tests render with their own instance).
import { useContext } from 'react';
import { I18nContext, getI18n, useTranslation } from 'react-i18next';
import { addResources, i18next } from '@wishlist/i18n';
import type { i18n as I18n } from 'i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const NS = 'basket';
export const resources = { en, fr } as const;
export type Lang = keyof typeof resources;

export function registerBasket(instance: I18n): void {
  for (const [lang, res] of Object.entries(resources)) {
    if (!instance.hasResourceBundle(lang, NS)) instance.addResourceBundle(lang, NS, res, true, true);
  }
}

function isReady(instance: I18n | undefined): instance is I18n {
  return !!instance && typeof instance.addResourceBundle === 'function' && !!instance.store;
}

if (isReady(i18next)) addResources(NS, resources);
// Not initialised yet (a standalone build, or the shell initialises later): add them when it is.
else (i18next as I18n).on('initialized', () => addResources(NS, resources));

/** The page's language as one of ours. */
export function toLang(language: string | undefined): Lang {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** `useTranslation('basket')`, making sure the rendering instance has our namespace. */
export function useBasketT() {
  const fromContext = useContext(I18nContext)?.i18n;
  const instance = fromContext ?? getI18n() ?? i18next;
  if (isReady(instance)) registerBasket(instance);
  const result = useTranslation(NS);
  const lang = toLang(result.i18n.resolvedLanguage ?? result.i18n.language);
  return { t: result.t, i18n: result.i18n, lang };
}
