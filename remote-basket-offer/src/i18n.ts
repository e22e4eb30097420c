// The `basket` namespace (docs/frontend-contract.md): registered on the shared i18next instance by `defineNamespace`
// (@wishlist/i18n) when this module loads, and re-checked by `useBasketT()` on whatever instance
// renders the page.
import { defineNamespace, type Language } from '@wishlist/i18n';
import en from './locales/en.json';
import fr from './locales/fr.json';

const namespace = defineNamespace('basket', { en, fr });

export const NS = namespace.NS;
export const resources = namespace.resources;
export type Lang = Language;
export const registerBasket = namespace.register;
export const useBasketT = namespace.useT;
export { toLang } from '@wishlist/i18n';
