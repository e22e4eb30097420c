// Entry: resolve remotes at run time, then start React from a separate chunk so shared singletons
// (react, @wishlist/*) are negotiated by Module Federation before anything consumes them.
import { injectAffiliateScript } from './affiliation';
import { loadRuntimeConfig } from './federation/runtimeConfig';
import { registerServiceWorker } from './pwa/registerServiceWorker';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  if (!config) console.warn('[shell] /remotes.json unavailable: remote pages will show an error panel');
  injectAffiliateScript(config?.affiliation.scriptUrl);
  await import('./bootstrap');
  // Installable app (issue 12): offline page, cache-first hashed chunks. After the first view.
  registerServiceWorker();
}

void start();
