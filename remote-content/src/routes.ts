import type { Lang } from './i18n';

/** Localised content routes (SPEC §2). The Android how-to is not prefixed. */
export const contentRoutes = {
  home: { en: '/en', fr: '/fr' },
  privacy: { en: '/en/privacy-policy', fr: '/fr/politique-de-confidentialite' },
  addProduct: { en: '/en/how-to-add-product', fr: '/fr/comment-ajouter-un-produit' },
  extension: { en: '/en/how-to-use-extension', fr: '/fr/comment-utiliser-l-extension' },
  share: { en: '/en/how-to-share-wishlist', fr: '/fr/comment-partager-sa-liste' },
  android: { en: '/how-to-use-android-app', fr: '/how-to-use-android-app' },
} as const satisfies Record<string, Record<Lang, string>>;

export type ContentPage = keyof typeof contentRoutes;

/** App routes owned by the shell. `/` goes to the person's list, or to sign-in. */
export const appRoutes = {
  start: '/',
  lists: '/product-lists',
  deleteAccount: '/delete-account',
  notFound: '/not-found',
} as const;

export const contentPath = (page: ContentPage, lang: Lang): string => contentRoutes[page][lang];

/** Operator's contact for privacy requests: replace with the real address before going live. */
export const PRIVACY_EMAIL = 'privacy@wishlist.example';

/** The browser extension's packages, served by the gateway at stable addresses. */
export const EXTENSION_DOWNLOADS = { chrome: '/downloads/wishlist-chrome.zip', firefox: '/downloads/wishlist-firefox.zip' } as const;
