// The `content` namespace (docs/frontend-contract.md), added to the shell's i18next instance a
// section at a time by `defineNamespace` (@wishlist/i18n): each page or component imports the
// sections it shows (`strings/*.ts`), so the home page's first view carries the home and common
// strings, not the guides and the privacy policy in two languages (16 kB gzip).
import { defineNamespace, type Language } from '@wishlist/i18n';
import type { ContentStrings } from './locales';

const namespace = defineNamespace<'content', Record<Language, ContentStrings>>('content');

export const NS = namespace.NS;
export type Lang = Language;
export const registerContent = namespace.register;
export const addContentStrings = namespace.add;
/** `useTranslation('content')`, making sure the rendering instance has our namespace. */
export const useContent = namespace.useT;
export { toLang } from '@wishlist/i18n';
