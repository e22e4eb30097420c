// The route table of SPEC §2, in one place. Each entry names the remote module that renders it
// (`remote_content/HomePage`) or a shell page. Adding a route is one line; `loginRequired` wraps
// it in the guard (redirect to /authenticate/{reason} remembering auth-redirection).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CONTENT_SLUGS, LANGUAGES, type ContentPageKey } from '@wishlist/i18n';
import type { RemoteModuleId } from './federation/remoteLoader';
import type { LoginReason } from './routing/RequireLogin';

export interface AppRoute {
  path: string;
  /** Federated page: `<remote name>/<exposed module>`. */
  remote?: RemoteModuleId;
  /** Shell-owned page. */
  page?: LazyExoticComponent<ComponentType> | ComponentType;
  /** SPEC §6 login-required routes; `true` means reason `mandatory`. */
  loginRequired?: boolean | LoginReason;
  /** Localized content page (canonical-slug redirect). */
  content?: boolean;
  /** SPEC route name, for `routePath(name)`. */
  name?: string;
}

const HomeRedirect = lazy(() => import('./pages/HomeRedirect'));
const ServerErrorPage = lazy(() => import('./pages/ServerErrorPage'));

const CONTENT_MODULES: Record<ContentPageKey, RemoteModuleId> = {
  home: 'remote_content/HomePage',
  privacy: 'remote_content/PrivacyPolicyPage',
  howToAddProduct: 'remote_content/HowToAddProductPage',
  howToUseExtension: 'remote_content/HowToUseExtensionPage',
  howToShare: 'remote_content/HowToShareWishlistPage',
};

/** Both languages' slugs under both prefixes: /en, /fr, /{en|fr}/{slug}. */
const contentRoutes: AppRoute[] = (Object.keys(CONTENT_SLUGS) as ContentPageKey[]).flatMap((key) => {
  const slugs = [...new Set(Object.values(CONTENT_SLUGS[key]))];
  return LANGUAGES.flatMap((lang) =>
    slugs.map((slug) => ({ path: slug ? `/${lang}/${slug}` : `/${lang}`, remote: CONTENT_MODULES[key], content: true })),
  );
});

export const routes: AppRoute[] = [
  { path: '/', page: HomeRedirect },
  { path: '/server-error', page: ServerErrorPage },
  { path: '/not-found', remote: 'remote_content/NotFoundPage' },
  { path: '/how-to-use-android-app', remote: 'remote_content/AndroidHowToPage' },
  ...contentRoutes,
  // Passwordless sign-in and accounts.
  { path: '/authenticate/:reason?', remote: 'remote_auth/AuthenticatePage', name: 'authentication' },
  { path: '/check-your-emails', remote: 'remote_auth/CheckYourEmailsPage' },
  { path: '/validate-email/:tokenName/:validationCode', remote: 'remote_auth/ValidateEmailPage' },
  { path: '/validate-email-failed/:reason', remote: 'remote_auth/ValidateEmailFailedPage' },
  { path: '/validate-email-success', remote: 'remote_auth/ValidateEmailSuccessPage' },
  { path: '/delete-account', remote: 'remote_auth/DeleteAccountPage', loginRequired: 'account-deletion' },
  { path: '/account', remote: 'remote_auth/AccountPage', loginRequired: true, name: 'account' },
  // Lists and products (remote_lists). Specific /product-list/... routes come before the
  // generic product-listing one.
  { path: '/create-product/from/:encodedProductUrl/to/:productListIdFromUrl?', remote: 'remote_lists/ProductFromUrlPage', loginRequired: true, name: 'product-creation-from-url' },
  // The web app manifest's Android share_target. Not login-required itself: with a link it
  // hands over to product-creation-from-url (login-required: sign-in, then back to the form); without
  // one it says so to anyone.
  { path: '/share-target', remote: 'remote_lists/ShareTargetPage', name: 'share-target' },
  { path: '/create-product/:productListId?', remote: 'remote_lists/ProductCreationPage', loginRequired: true, name: 'url-for-product-creation' },
  { path: '/product-list/:productListId/product/:productId/edit', remote: 'remote_lists/ProductEditionPage', loginRequired: true, name: 'product-edition' },
  { path: '/product-list/:productListId/favorite/:addToFavorite', remote: 'remote_lists/FavoriteListPage' },
  // Not login-required: non-owners view shared lists (a signed-out visitor is sent to /see/{id}).
  { path: '/product-list/:productListId/:productId?', remote: 'remote_lists/ProductListingPage', name: 'product-listing' },
  { path: '/see/:productListId', remote: 'remote_lists/SharedListPage', name: 'share' },
  { path: '/product-lists', remote: 'remote_lists/ProductListsPage', loginRequired: true },
  { path: '/create-product-list', remote: 'remote_lists/CreateProductListPage', loginRequired: true },
  { path: '/edit-product-list/:productListId', remote: 'remote_lists/EditProductListPage', loginRequired: true },
  { path: '/share-product-list/:defaultProductListId', remote: 'remote_lists/ShareProductListPage', loginRequired: true },
  // The invitation to keep a list: the mail links to /{lang}/list-invitation#{token} (the mail's
  // language). Not login-required: the page asks first, and its button signs in and comes back.
  ...['', ...LANGUAGES.map((lang) => `/${lang}`)].map((prefix) => ({
    path: `${prefix}/list-invitation`,
    remote: 'remote_lists/ListInvitationPage' as const,
  })),
  // Basket and offers (remote_basket_offer).
  { path: '/basket', remote: 'remote_basket_offer/BasketPage' },
  { path: '/offer', remote: 'remote_basket_offer/OfferPage' },
  { path: '/offer-created/:offeringId', remote: 'remote_basket_offer/OfferCreatedPage' },
  // The giver's verification mail links to /{lang}/offer-confirmation/{id} (the mail's language);
  // no sign-in: the code in the link's fragment is the proof.
  ...['', ...LANGUAGES.map((lang) => `/${lang}`)].map((prefix) => ({
    path: `${prefix}/offer-confirmation/:offeringId`,
    remote: 'remote_basket_offer/OfferConfirmationPage' as const,
  })),
  // The giver's receipt mail links to /{lang}/offer-withdrawal/{id} (the mail's language); no
  // sign-in: the token in the link's fragment opens that one offering.
  ...['', ...LANGUAGES.map((lang) => `/${lang}`)].map((prefix) => ({
    path: `${prefix}/offer-withdrawal/:offeringId`,
    remote: 'remote_basket_offer/OfferWithdrawalPage' as const,
  })),
  // A group gift's pledger: the mail links to /{lang}/pledge/{id} (confirm, see, withdraw); no
  // sign-in: the token in the link's fragment opens that one pledge. The form opens from the list.
  ...['', ...LANGUAGES.map((lang) => `/${lang}`)].map((prefix) => ({
    path: `${prefix}/pledge/:pledgeId`,
    remote: 'remote_basket_offer/PledgePage' as const,
  })),
  { path: '/chip-in/:productListId/:productId', remote: 'remote_basket_offer/PledgeFormPage' as const },
  // The giver's "My gifts": their mails link to /{lang}/my-gifts#token=… (no sign-in: the token opens
  // the gifts made with that address); /my-gifts is the signed-in page (every gift of the account).
  ...LANGUAGES.map((lang) => ({ path: `/${lang}/my-gifts`, remote: 'remote_basket_offer/MyGiftsPage' as const })),
  { path: '/my-gifts', remote: 'remote_basket_offer/MyGiftsPage', loginRequired: true, name: 'my-gifts' },
  // The offer e-mail's link: signing in for it says so (not "to add products").
  { path: '/offerings/:offeringId/:refuse?', remote: 'remote_basket_offer/OfferingPage', loginRequired: 'offering' },
];

/** Where unknown paths go (a redirect, so the address bar shows /not-found). */
export const NOT_FOUND_PATH = '/not-found';
