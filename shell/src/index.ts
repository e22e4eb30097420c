// Entry: resolve remotes at run time, then start React from a separate chunk so shared singletons
// (react, @wishlist/*) are negotiated by Module Federation before anything consumes them.
import { injectAffiliateScript } from './affiliation';
import { loadRuntimeConfig } from './federation/runtimeConfig';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  if (!config) console.warn('[shell] /remotes.json unavailable: remote pages will show an error panel');
  injectAffiliateScript(config?.affiliation.scriptUrl);
  await import('./bootstrap');
}

void start();
