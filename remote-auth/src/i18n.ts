// The `auth` namespace (docs/frontend-contract.md): registered on the shared i18next instance by `defineNamespace`
// (@wishlist/i18n) when this module loads, and re-checked by `useAuthT()` on whatever instance
// renders the page.
import { defineNamespace, type Language } from '@wishlist/i18n';
import en from './locales/en.json';
import fr from './locales/fr.json';

const namespace = defineNamespace('auth', { en, fr });

export const NS = namespace.NS;
export const resources = namespace.resources;
export type Lang = Language;
export const registerAuth = namespace.register;
export const useAuthT = namespace.useT;
export { toLang } from '@wishlist/i18n';
