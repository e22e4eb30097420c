// The `lists` namespace (docs/frontend-contract.md): registered on the shared i18next instance by `defineNamespace`
// (@wishlist/i18n) when this module loads, and re-checked by `useListsT()` on whatever instance
// renders the page.
import { defineNamespace, type Language } from '@wishlist/i18n';
import en from './locales/en.json';
import fr from './locales/fr.json';

const namespace = defineNamespace('lists', { en, fr });

export const NS = namespace.NS;
export const resources = namespace.resources;
export type Lang = Language;
export const registerLists = namespace.register;
export const useListsT = namespace.useT;
export { toLang } from '@wishlist/i18n';
