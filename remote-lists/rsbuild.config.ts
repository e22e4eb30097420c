import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRemoteConfig } from '@wishlist/mf-config';

const here = (p: string) => resolve(__dirname, p);

// The product forms (src/products/, another engineer's folder) land separately: their exposes are
// listed as soon as their entry files exist, and the listing page's creation panel renders their
// `ProductFormPanel` once `src/products/index.ts(x)` exists (a spinner placeholder until then).
const productExposes = ['ProductCreationPage', 'ProductFromUrlPage', 'ProductEditionPage', 'ShareTargetPage'];
const productFormEntry = ['src/products/index.ts', 'src/products/index.tsx'].find((p) => existsSync(here(p)));

export default createRemoteConfig({
  name: 'remote_lists',
  port: 3003,
  exposes: {
    './ProductListingPage': './src/exposes/ProductListingPage.tsx',
    './SharedListPage': './src/exposes/SharedListPage.tsx',
    './FavoriteListPage': './src/exposes/FavoriteListPage.tsx',
    './ProductListsPage': './src/exposes/ProductListsPage.tsx',
    './CreateProductListPage': './src/exposes/CreateProductListPage.tsx',
    './EditProductListPage': './src/exposes/EditProductListPage.tsx',
    './ShareProductListPage': './src/exposes/ShareProductListPage.tsx',
    './ListInvitationPage': './src/exposes/ListInvitationPage.tsx',
    ...Object.fromEntries(
      productExposes
        .filter((name) => existsSync(here(`src/exposes/${name}.tsx`)))
        .map((name) => [`./${name}`, `./src/exposes/${name}.tsx`]),
    ),
  },
  // The pages that show a list (the owner's, a shared link's, a favorite's): the owner's page had
  // seven scripts of this remote under the default splits, three with this. dnd-kit (the owner's
  // only) and swiper (several lists only) stay apart.
  pageChunks: { 'lists-views': { exposes: ['ProductListingPage', 'SharedListPage', 'FavoriteListPage'], apart: ['@dnd-kit', 'swiper'] } },
  extra: {
    source: { entry: { index: './src/index.tsx' } },
    resolve: {
      alias: {
        '@lists/product-form': productFormEntry ? here(productFormEntry) : here('src/components/productFormPending.tsx'),
      },
    },
    output: {
      filename: {
        // The container entry keeps the conventional name at the root of dist (the gateway serves
        // /remotes/lists/remoteEntry.js no-cache); every other chunk stays content-hashed.
        js: (pathData: { chunk?: { name?: string | null } }) =>
          pathData.chunk?.name === 'remote_lists' ? '../../remoteEntry.js' : '[name].[contenthash:10].js',
      },
    },
    html: { title: 'Wishlist – lists (standalone)' },
  },
});
