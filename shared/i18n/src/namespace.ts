// A remote's translation namespace (docs/frontend-contract.md): `defineNamespace(ns, { en, fr })`
// adds the bundles to the shell's i18next instance with `addResourceBundle` when the remote's i18n
// module loads (or on 'initialized' if the shell has not initialised it yet), and its `useT()`
// re-checks them on whatever instance renders the page (tests render with their own instance).
//
// A namespace may also be filled a section at a time: `defineNamespace(ns)` then
// `add({ en: { header }, fr: { header } })` from the module of each component that shows those
// strings, so an exposed component's chunks carry its own strings and not the whole remote's, in
// two languages. Every instance gets whatever has been added so far, and what is added later.
import { useContext } from 'react';
import { I18nContext, getI18n, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { i18next } from './i18n';
import { LANGUAGES, type Language } from './paths';

export type NamespaceResources = Record<Language, Record<string, unknown>>;

function isReady(instance: I18n | undefined): boolean {
  return !!instance && typeof instance.addResourceBundle === 'function' && !!instance.store;
}

/** The page's language as one of ours. */
export function toLang(language: string | undefined): Language {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function defineNamespace<N extends string, R extends NamespaceResources = NamespaceResources>(NS: N, resources?: R) {
  /** What has been added so far, both languages (the whole namespace when given at once). */
  const loaded = { en: {}, fr: {} } as R;
  /** Bumped by every add(); an instance is brought up to date when it is behind. */
  let version = 0;
  const registeredVersion = new WeakMap<I18n, number>();

  /** Adds everything added so far to `instance` (a no-op when it already has it). */
  function register(instance: I18n): void {
    if (registeredVersion.get(instance) === version) return;
    for (const lang of LANGUAGES) instance.addResourceBundle(lang, NS, loaded[lang], true, true);
    registeredVersion.set(instance, version);
  }

  /** Instances not initialised yet that will get everything added once they are (one listener each). */
  const waitingFor = new WeakSet<I18n>();

  function registerWhenReady(instance: I18n): void {
    if (isReady(instance)) register(instance);
    // Not initialised yet (a standalone build, or the shell initialises later): add them when it is.
    else if (typeof instance.on === 'function' && !waitingFor.has(instance)) {
      waitingFor.add(instance);
      instance.on('initialized', () => register(instance));
    }
  }

  /** Makes strings of the namespace available, in both languages, to the app's instance(s). */
  function add(part: { [L in Language]: Partial<R[L]> }): void {
    for (const lang of LANGUAGES) Object.assign(loaded[lang], part[lang]);
    version += 1;
    registerWhenReady(i18next);
    const bound = getI18n();
    if (bound && bound !== i18next) registerWhenReady(bound);
  }

  if (resources) add(resources);

  /** `useTranslation(NS)`, making sure the rendering instance has our namespace. */
  function useT() {
    const fromContext = useContext(I18nContext)?.i18n;
    const instance = fromContext ?? getI18n() ?? i18next;
    if (instance && isReady(instance)) register(instance);
    const result = useTranslation(NS);
    const lang = toLang(result.i18n.resolvedLanguage ?? result.i18n.language);
    return { t: result.t, i18n: result.i18n, lang };
  }

  return { NS, resources: loaded, register, add, useT };
}
