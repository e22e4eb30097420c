// After `rsbuild build`: the layout around each first view (src/firstView/prerender.tsx)
// as dist/first-view/layout.{see,home}.{en,fr}.html, and dist/first-view/layout.json naming the
// stylesheets the layout needs (the gateway inlines them before the snapshot).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle, loadBundle } from '@wishlist/mf-config/server-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const bundle = join(root, 'node_modules/.cache/first-view/shell.cjs');
await buildServerBundle({ entry: join(root, 'src/firstView/prerender.tsx'), outfile: bundle });
const { renderLayout, LAYOUT_KINDS } = loadBundle(bundle);
mkdirSync(join(dist, 'first-view'), { recursive: true });
for (const kind of Object.keys(LAYOUT_KINDS)) {
  for (const lang of ['en', 'fr']) writeFileSync(join(dist, 'first-view', `layout.${kind}.${lang}.html`), await renderLayout(kind, lang));
}

// The shell's styles (its global.css and the UI kit's, which it provides to every remote) are in
// the chunks React's bootstrap imports: every stylesheet of the build but the ones index.html
// already links.
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const cssDir = join(dist, 'static', 'css');
const css = [];
const walk = (dir, prefix) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
    else if (e.name.endsWith('.css')) css.push(`/static/css/${prefix}${e.name}`);
  }
};
try {
  walk(cssDir, '');
} catch {
  /* no stylesheet */
}
// Chunks may carry the same styles (same content hash): each is linked once.
const seen = new Set();
const unique = css.filter((href) => {
  const hash = /\.([0-9a-f]{8,})\.css$/.exec(href)?.[1] ?? href;
  // Linked, not merely named (index.html also lists the app's files for a prefetch: build/appFiles.ts).
  if (index.includes(`href="${href}"`) || seen.has(hash)) return false;
  seen.add(hash);
  return true;
});
writeFileSync(join(dist, 'first-view', 'layout.json'), JSON.stringify({ css: unique }, null, 2));
console.log(`first view: dist/first-view/layout.*.html, ${css.length} stylesheets`);
