import { createRemoteConfig } from '@wishlist/mf-config';

// Thin entry files: each exposes one page or header widget (default export) and registers the
// `auth` namespace.
export default createRemoteConfig({
  name: 'remote_auth',
  port: 3002,
  exposes: {
    './AuthenticatePage': './src/exposes/AuthenticatePage.tsx',
    './CheckYourEmailsPage': './src/exposes/CheckYourEmailsPage.tsx',
    './ValidateEmailPage': './src/exposes/ValidateEmailPage.tsx',
    './ValidateEmailFailedPage': './src/exposes/ValidateEmailFailedPage.tsx',
    './ValidateEmailSuccessPage': './src/exposes/ValidateEmailSuccessPage.tsx',
    './DeleteAccountPage': './src/exposes/DeleteAccountPage.tsx',
    './AccountPage': './src/exposes/AccountPage.tsx',
    './HeaderAccount': './src/exposes/HeaderAccount.tsx',
  },
  extra: {
    source: { entry: { index: './src/index.tsx' } },
    output: {
      filename: {
        // The container entry keeps the conventional name at the root of dist (the gateway serves
        // /remotes/auth/remoteEntry.js no-cache); every other chunk stays content-hashed.
        js: (pathData: { chunk?: { name?: string | null } }) =>
          pathData.chunk?.name === 'remote_auth' ? '../../remoteEntry.js' : '[name].[contenthash:10].js',
      },
    },
    html: { title: 'Wishlist – auth (standalone)' },
  },
});
