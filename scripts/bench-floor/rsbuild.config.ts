// The floor of `npm run bench:lighthouse`: a bare page (React and react-dom only; no router, i18n or
// federation) showing a shared list's cards, built by the same bundler as the product with its
// production defaults and precompressed as the product's files are (brotli at its best quality).
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress } from '../../shared/mf-config/src/precompress';

export default defineConfig({
  plugins: [pluginReact(), pluginPrecompress()],
  source: { entry: { index: './src/index.tsx' } },
  html: { template: './index.html' },
  output: { distPath: { root: process.env.BENCH_FLOOR_DIST ?? 'dist' }, cleanDistPath: true },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
});
