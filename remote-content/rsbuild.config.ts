import { createRemoteConfig } from '@wishlist/mf-config';

// Thin entry files: each exposes one page (default export) and registers the `content` namespace.
export default createRemoteConfig({
  name: 'remote_content',
  port: 3001,
  exposes: {
    './HomePage': './src/exposes/HomePage.tsx',
    './PrivacyPolicyPage': './src/exposes/PrivacyPolicyPage.tsx',
    './HowToAddProductPage': './src/exposes/HowToAddProductPage.tsx',
    './HowToUseExtensionPage': './src/exposes/HowToUseExtensionPage.tsx',
    './HowToShareWishlistPage': './src/exposes/HowToShareWishlistPage.tsx',
    './AndroidHowToPage': './src/exposes/AndroidHowToPage.tsx',
    './NotFoundPage': './src/exposes/NotFoundPage.tsx',
  },
  extra: {
    source: { entry: { index: './src/index.tsx' } },
    output: {
      filename: {
        // The container entry keeps the conventional name at the root of dist (the gateway serves
        // /remotes/content/remoteEntry.js no-cache); every other chunk stays content-hashed.
        js: (pathData: { chunk?: { name?: string | null } }) =>
          pathData.chunk?.name === 'remote_content' ? '../../remoteEntry.js' : '[name].[contenthash:10].js',
      },
    },
    html: { title: 'Wishlist – content (standalone)' },
  },
});
