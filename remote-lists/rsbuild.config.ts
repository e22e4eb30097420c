import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRemoteConfig } from '@wishlist/mf-config';

const here = (p: string) => resolve(__dirname, p);

/**
 * The pages that show a list (the owner's, a shared link's, a favorite's). The code two of them
 * share comes as one chunk, `lists-views`, beside each page's own: Rspack's default splitting gave
 * the owner's page seven scripts of this remote, and a page's start pays per script (its insertion,
 * its task, the federation runtime's bookkeeping), not per byte. Left apart: dnd-kit (the owner's
 * only) and swiper (loaded only for several lists).
 */
const listViews = ['ProductListingPage', 'SharedListPage', 'FavoriteListPage'].map((name) => `__federation_expose_${name}`);

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
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        override: {
          cacheGroups: {
            'lists-views': {
              name: 'lists-views',
              chunks: (chunk: { name?: string | null }) => listViews.includes(chunk.name ?? ''),
              test: /^(?!.*[\\/]node_modules[\\/](?:@dnd-kit|swiper)[\\/])/,
              minChunks: 2,
              enforce: true,
              priority: 10,
            },
          },
        },
      },
    },
  },
});
