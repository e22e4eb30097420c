// The shell's service worker (ARCHITECTURE "Installable and shareable into"), made
// by Workbox's `generateSW` (workbox-build) as a post-build step of the shell's Rsbuild build:
// `pluginServiceWorker()` below writes dist/sw.js once the shell's files are in dist.
//
// Why workbox-build after the build, not workbox-webpack-plugin: the webpack plugin reaches into
// webpack internals (EntryPlugin, processAssets stages) that Rspack does not provide the same way
// (rspack issues #6437, #7427: "Cannot read properties of undefined (reading 'set')"), and the
// generated worker needs nothing from the bundler: it only precaches one file of dist.
//
// What it does, so that it never breaks the independent deployment of remotes (README "Upgrading
// one box"):
// - Page navigations go to the network (NetworkOnly, with navigation preload). Only when that
//   fails for lack of network does the precached offline page (/offline.html) answer instead.
//   A 4xx/5xx answer is shown as it is.
// - Content-hashed static files (`name.<8+ hex>.js|css|…`, the shell's and every remote's chunks:
//   immutable, a new build has new names) are served cache-first.
// - Everything else is not handled at all: the browser fetches it as if there were no worker.
//   That is /api/* (never cached), /remotes.json, each remote's mf-manifest.json and
//   remoteEntry.js, the web app manifest, icons, /downloads/*, /dev/*.
// - skipWaiting + clientsClaim: a new sw.js (a new deployment of the shell) takes over at once,
//   so the next load runs it; the old precache is cleaned up.
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { generateSW, type GenerateSWOptions } from 'workbox-build';

/** The worker's address and scope (served no-cache by the gateway). */
export const SERVICE_WORKER_URL = '/sw.js';
export const OFFLINE_PAGE = '/offline.html';
/** Cache name prefix: `wishlist-precache-…`, `wishlist-hashed-…`. */
export const CACHE_PREFIX = 'wishlist';
export const HASHED_CACHE = `${CACHE_PREFIX}-hashed-static`;

/** What workbox hands a route matcher (a subset: these functions are also unit-tested). */
export interface MatchContext {
  url: URL;
  request: { mode: string; destination?: string };
  sameOrigin?: boolean;
}

// The two matchers are serialized into sw.js by workbox-build (Function#toString): they must be
// self-contained (no import, no outer constant, no helper) and plain JavaScript once compiled.

/** A navigation to one of the app's pages: not the API, the remotes, downloads or the outbox. */
export function isAppNavigation({ request, url }: MatchContext): boolean {
  return (
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !/^\/(?:api|internal|remotes|dev|downloads|\.well-known)(?:\/|$)/.test(url.pathname) &&
    !/\.(?:json|webmanifest|js|zip|png|txt)$/.test(url.pathname)
  );
}

/**
 * A content-hashed static file of this origin (the gateway's `immutable` ones): `name.<8+ hex>.ext`.
 * Never /api, never an entry or a manifest (remoteEntry.js and mf-manifest.json carry no hash).
 */
export function isHashedStatic({ request, url }: MatchContext): boolean {
  return (
    request.mode !== 'navigate' &&
    url.origin === self.location.origin &&
    !/^\/(?:api|internal|dev|downloads)(?:\/|$)/.test(url.pathname) &&
    url.search === '' &&
    /\.[0-9a-f]{8,}\.(?:js|mjs|css|woff2?|ttf|otf|png|jpe?g|gif|svg|webp|avif|ico|wasm)$/i.test(url.pathname)
  );
}

/** The generateSW options for a built shell in `distDir`. */
export function serviceWorkerOptions(distDir: string): GenerateSWOptions {
  return {
    swDest: join(distDir, SERVICE_WORKER_URL.slice(1)),
    globDirectory: distDir,
    // The offline page is the only precached file: the app itself always comes from the network.
    globPatterns: [OFFLINE_PAGE.slice(1)],
    cacheId: CACHE_PREFIX,
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigationPreload: true,
    runtimeCaching: [
      {
        urlPattern: isAppNavigation,
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
      },
      {
        urlPattern: isHashedStatic,
        handler: 'CacheFirst',
        options: {
          cacheName: HASHED_CACHE,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
    ],
  };
}

/** Rsbuild plugin: after a production build of the shell, writes dist/sw.js. */
export function pluginServiceWorker(): RsbuildPlugin {
  return {
    name: 'wishlist:service-worker',
    setup(api) {
      api.onAfterBuild(async ({ isFirstCompile, environments }) => {
        // npm run dev's development build of the shell goes without (no offline page to keep).
        if (!isFirstCompile || api.getNormalizedConfig().mode !== 'production') return;
        for (const { distPath } of Object.values(environments)) {
          const { count, warnings } = await generateSW(serviceWorkerOptions(distPath));
          for (const w of warnings) console.warn(`[service worker] ${w}`);
          if (count !== 1) throw new Error(`service worker: expected to precache offline.html alone in ${distPath}, found ${count} files`);
        }
      });
    },
  };
}
