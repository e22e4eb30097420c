// The floor of `npm run bench:lighthouse`: a bare page (React and react-dom only; no router, i18n or
// federation) showing a shared list's cards, built by the same bundler as the product with its
// production defaults. As the product's /see page: rendered on the server (the `node` build, run by
// the bench's floor server), its styles inlined in the HTML, its scripts precompressed as the
// product's files are (brotli at its best quality, shared/mf-config's plugin).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress } from '../../shared/mf-config/src/precompress';

export default defineConfig({
  plugins: [pluginReact()],
  environments: {
    web: {
      source: { entry: { index: './src/index.tsx' } },
      html: { template: './index.html' },
      output: { distPath: { root: 'dist/web' }, inlineStyles: true },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      plugins: [pluginPrecompress()],
    },
    node: {
      source: { entry: { render: './src/render.tsx' } },
      output: { target: 'node', distPath: { root: 'dist/server' }, filename: { js: '[name].mjs' } },
    },
  },
});
