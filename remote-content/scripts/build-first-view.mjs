// After `rsbuild build`: the home page prerendered in each language (src/server/firstView.tsx) as
// dist/first-view/home.{en,fr}.html, which the gateway reads from this remote's deployed dist.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle, loadBundle } from '@wishlist/mf-config/server-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'node_modules/.cache/first-view/content.cjs');
await buildServerBundle({ entry: join(root, 'src/server/firstView.tsx'), outfile: bundle });
const { renderHome } = loadBundle(bundle);
mkdirSync(join(root, 'dist/first-view'), { recursive: true });
for (const lang of ['en', 'fr']) writeFileSync(join(root, `dist/first-view/home.${lang}.html`), renderHome(lang));
console.log('first view: dist/first-view/home.{en,fr}.html');
