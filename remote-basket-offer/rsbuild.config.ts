import { createRemoteConfig } from '@wishlist/mf-config';

// Thin entry files: each exposes one page or widget (default export) and registers the `basket`
// namespace.
export default createRemoteConfig({
  name: 'remote_basket_offer',
  port: 3004,
  exposes: {
    './BasketPage': './src/exposes/BasketPage.tsx',
    './OfferPage': './src/exposes/OfferPage.tsx',
    './OfferCreatedPage': './src/exposes/OfferCreatedPage.tsx',
    './OfferConfirmationPage': './src/exposes/OfferConfirmationPage.tsx',
    './OfferingPage': './src/exposes/OfferingPage.tsx',
    './OfferWithdrawalPage': './src/exposes/OfferWithdrawalPage.tsx',
    './PledgePage': './src/exposes/PledgePage.tsx',
    './MyGiftsPage': './src/exposes/MyGiftsPage.tsx',
    './PledgeFormPage': './src/exposes/PledgeFormPage.tsx',
    './HeaderBasket': './src/exposes/HeaderBasket.tsx',
    './BasketActions': './src/exposes/BasketActions.tsx',
  },
  extra: {
    source: { entry: { index: './src/index.tsx' } },
    output: {
      filename: {
        // The container entry keeps the conventional name at the root of dist (the gateway serves
        // /remotes/basket-offer/remoteEntry.js no-cache); every other chunk stays content-hashed.
        js: (pathData: { chunk?: { name?: string | null } }) =>
          pathData.chunk?.name === 'remote_basket_offer' ? '../../remoteEntry.js' : '[name].[contenthash:10].js',
      },
    },
    html: { title: 'Wishlist – basket and offers (standalone)' },
    // The basket's stylesheet in one file of its own: the header's basket and the list page's basket
    // controls (both on a shared list's first view) each carried a copy, two files of the same rules
    // for the browser to parse and apply.
    // Its rules only (the extracted CSS, not the stub module that imports it): no script of its own.
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        override: {
          cacheGroups: {
            'basket-styles': { test: /[\\/]src[\\/]styles[\\/]basket\.css$/, type: 'css/mini-extract', name: 'basket-styles', chunks: 'all', enforce: true },
          },
        },
      },
    },
  },
});
