import { resolve } from 'node:path';
import { createHostConfig } from '@wishlist/mf-config';
import { pluginAppFiles } from './build/appFiles';
import { pluginPaintFirst } from './build/paintFirst';
import { pluginServiceWorker } from './pwa/serviceWorker';

// The gateway (port 8080) serves the API, /remotes.json and the built remotes; in development the
// shell's dev server forwards those paths to it.
const gateway = process.env.WISHLIST_GATEWAY_URL ?? 'http://localhost:8080';

export default createHostConfig({
  name: 'shell',
  port: 3000,
  // The app the entry starts (src/bootstrap.tsx and what it imports) loads with the shared packages
  // every page starts with, in one script.
  startupDirs: [resolve(__dirname, 'src')],
  extra: {
    source: { entry: { index: './src/index.ts' } },
    html: { template: './index.html' },
    // public/ (copied as is to dist): the web app manifest, its icons and the offline page.
    // WISHLIST_SHELL_DIST: npm run dev's development build of the shell (dist-dev), for remotes
    // from source, which need React's development build (scripts/dev.mjs).
    output: { distPath: { root: process.env.WISHLIST_SHELL_DIST ?? 'dist' } },
    // After a production build, Workbox writes dist/sw.js (pwa/serviceWorker.ts); the first paint
    // never waits for the app's scripts (build/paintFirst.ts); the app's own files are listed for
    // a first view that starts on its visitor's first sign of use (build/appFiles.ts).
    plugins: [pluginServiceWorker(), pluginPaintFirst(), pluginAppFiles()],
    server: {
      proxy: {
        '/api': gateway,
        '/remotes.json': gateway,
        '/remotes': gateway,
        '/dev': gateway,
      },
    },
  },
});
