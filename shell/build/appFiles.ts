// Production builds: index.html lists the shell's own code (its async chunks and their stylesheets:
// React, the router, i18n, the layout), for a page whose app waits for its visitor to act
// (src/firstView/intent.ts) to prefetch while the network is idle. A JSON script, never run.
// All of the shell's async files: they are the app's frame and its shared libraries, whatever the
// page (its pages are the remotes'); the few a first view does not need weigh a few kilobytes.
import type { RsbuildPlugin } from '@rsbuild/core';
import { APP_FILES_ID } from '@wishlist/contracts';

/** The files to list, from the build's asset names (exported for tests). */
export function appFiles(assetNames: string[], prefix: string): string[] {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return assetNames.filter((name) => /^static\/(js|css)\/async\/[^/]+\.(js|css)$/.test(name)).sort().map((name) => `${base}${name}`);
}

export function pluginAppFiles(): RsbuildPlugin {
  return {
    name: 'wishlist:app-files',
    setup(api) {
      if (api.context.action !== 'build') return;
      api.modifyHTMLTags(({ headTags, bodyTags }, { assetPrefix, compilation }) => {
        const files = appFiles(
          compilation.getAssets().map((a) => a.name),
          assetPrefix,
        );
        // `<` escaped: nothing in a file name can close the element early.
        const json = JSON.stringify(files).replace(/</g, '\\u003c');
        return { headTags: [...headTags, { tag: 'script', attrs: { type: 'application/json', id: APP_FILES_ID }, children: json }], bodyTags };
      });
    },
  };
}
