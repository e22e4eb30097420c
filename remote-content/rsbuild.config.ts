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
    html: { title: 'Wishlist – content (standalone)' },
  },
});
