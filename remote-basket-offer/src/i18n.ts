// The `basket` namespace (docs/frontend-contract.md), added to the shared i18next instance a section
// at a time by `defineNamespace` (@wishlist/i18n): each component imports the sections it shows
// (`strings/*.ts`), so the header widget and the list page's actions — both on the first view of a
// shared list — carry their own sections, not every basket and offer string in two languages each.
// `useBasketT()` re-checks them on whatever instance renders the page.
import { defineNamespace, type Language } from '@wishlist/i18n';
import type { BasketStrings } from './locales';

const namespace = defineNamespace<'basket', Record<Language, BasketStrings>>('basket');

export const NS = namespace.NS;
export type Lang = Language;
export const registerBasket = namespace.register;
export const addBasketStrings = namespace.add;
export const useBasketT = namespace.useT;
export { toLang } from '@wishlist/i18n';
