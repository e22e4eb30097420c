// After `rsbuild build`: the shared-list page's server renderer (src/server/firstView.tsx)
// as dist/server/first-view.cjs, which the gateway loads from this remote's deployed dist.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle } from '@wishlist/mf-config/server-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const productForm = ['src/products/index.ts', 'src/products/index.tsx'].find((p) => existsSync(join(root, p)));

await buildServerBundle({
  entry: join(root, 'src/server/firstView.tsx'),
  outfile: join(root, 'dist/server/first-view.cjs'),
  alias: { '@lists/product-form': join(root, productForm ?? 'src/components/productFormPending.tsx') },
});
console.log('first view: dist/server/first-view.cjs');
