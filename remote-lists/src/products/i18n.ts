// The `products` namespace: registered on the shared i18next instance by `defineNamespace`
// (@wishlist/i18n) when this module loads, and re-checked by `useProductsT()` on whatever instance
// renders the page.
import { defineNamespace, type Language } from '@wishlist/i18n';
import en from './locales/en.json';
import fr from './locales/fr.json';

const namespace = defineNamespace('products', { en, fr });

export const NS = namespace.NS;
export const resources = namespace.resources;
export type Lang = Language;
export const registerProducts = namespace.register;
export const useProductsT = namespace.useT;
export { toLang } from '@wishlist/i18n';
