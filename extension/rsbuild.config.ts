// The extension is built with Rsbuild, the bundler every front end here already uses (Rspack, SWC,
// the same React plugin): several entries, two of them without HTML (the background worker and
// the page reader), no code splitting so each is one plain script, stable file names as a
// manifest needs. The `extension-package` plugin then writes manifest.json and the two zips.
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AdmZip from 'adm-zip';
import { createManifest } from './src/manifest';

const { version } = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };
const serverUrl = process.env.WISHLIST_SERVER_URL || 'http://localhost:8080';
const distDir = resolve(process.env.EXTENSION_OUT_DIR || resolve(__dirname, 'dist'));
const releaseDir = resolve(process.env.EXTENSION_RELEASE_DIR || resolve(__dirname, 'release'));

const extensionPackage: RsbuildPlugin = {
  name: 'extension-package',
  setup(api) {
    api.onAfterBuild(() => {
      const manifest = createManifest({
        version,
        serverUrl,
        geckoId: process.env.WISHLIST_GECKO_ID || 'wishlist-extension@wishlist.local',
        extraHostPermissions: (process.env.EXTENSION_TEST_HOSTS ?? '').split(',').filter(Boolean),
      });
      writeFileSync(join(distDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      mkdirSync(releaseDir, { recursive: true });
      // One manifest for both browsers: the two archives hold the same files, one per store.
      for (const name of ['chrome.zip', 'firefox.zip']) {
        const zip = new AdmZip();
        zip.addLocalFolder(distDir);
        rmSync(join(releaseDir, name), { force: true });
        zip.writeZip(join(releaseDir, name));
      }
    });
  },
};

export default defineConfig({
  plugins: [pluginReact(), extensionPackage],
  source: {
    entry: {
      popup: './src/popup/index.tsx',
      options: './src/options/index.tsx',
      background: { import: './src/background.ts', html: false },
      extract: { import: './src/extract/inject.ts', html: false },
    },
    define: { 'process.env.WISHLIST_SERVER_URL': JSON.stringify(serverUrl) },
  },
  html: {
    template: './src/page.html',
    title: ({ entryName }) => (entryName === 'options' ? 'Wishlist – options' : 'Wishlist'),
  },
  output: {
    target: 'web',
    distPath: { root: distDir, js: '', css: '', html: '' },
    filenameHash: false,
    assetPrefix: '/',
    cleanDistPath: true,
    // Extension pages run no inline script (MV3 CSP): no legal-comment files, no source maps shipped.
    legalComments: 'none',
    sourceMap: false,
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  tools: { htmlPlugin: { inject: 'body' } },
});
