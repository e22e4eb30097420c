// A remote's translation namespace (docs/frontend-contract.md): `defineNamespace(ns, { en, fr })`
// adds the bundles to the shell's i18next instance with `addResources` when the remote's i18n
// module loads (or on 'initialized' if the shell has not initialised it yet), and its `useT()`
// re-checks them on whatever instance renders the page (tests render with their own instance).
import { useContext } from 'react';
import { I18nContext, getI18n, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { addResources, i18next } from './i18n';
import type { Language } from './paths';

export type NamespaceResources = Record<Language, Record<string, unknown>>;

function isReady(instance: I18n | undefined): instance is I18n {
  return !!instance && typeof instance.addResourceBundle === 'function' && !!instance.store;
}

/** The page's language as one of ours. */
export function toLang(language: string | undefined): Language {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function defineNamespace<N extends string, R extends NamespaceResources>(NS: N, resources: R) {
  function register(instance: I18n): void {
    for (const [lang, res] of Object.entries(resources)) {
      if (!instance.hasResourceBundle(lang, NS)) instance.addResourceBundle(lang, NS, res, true, true);
    }
  }

  if (isReady(i18next)) addResources(NS, resources);
  // Not initialised yet (a standalone build, or the shell initialises later): add them when it is.
  else (i18next as I18n).on('initialized', () => addResources(NS, resources));

  /** `useTranslation(NS)`, making sure the rendering instance has our namespace. */
  function useT() {
    const fromContext = useContext(I18nContext)?.i18n;
    const instance = fromContext ?? getI18n() ?? i18next;
    if (isReady(instance)) register(instance);
    const result = useTranslation(NS);
    const lang = toLang(result.i18n.resolvedLanguage ?? result.i18n.language);
    return { t: result.t, i18n: result.i18n, lang };
  }

  return { NS, resources, register, useT };
}
