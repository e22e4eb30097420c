// Entry: resolve remotes at run time, then start React from a separate chunk so shared singletons
// (react, @wishlist/*) are negotiated by Module Federation before anything consumes them.
import { firstViewServedNow, warmUpPriceFormat } from '@wishlist/contracts';
import { injectAffiliateScript } from './affiliation';
import { whenLoaded, whenPageSettled, yieldToMain } from './afterFirstView';
import { rememberPathLanguage, startEarlyRequests } from './earlyData';
import { isHydratingFirstView } from './firstView/hydrate';
import { prefetchAppFiles, setPrefetching, startsOnIntent, watchFirstUse } from './firstView/intent';
import { startFirstViewSwap } from './firstView/swap';
import { loadRuntimeConfig, preloadFirstView } from './federation/runtimeConfig';
import { registerServiceWorker } from './pwa/registerServiceWorker';

/** The pages whose first view shows prices: a shared list, an owner's list. */
const PRICE_PAGES = /^\/(see|product-list)\//;

async function start(): Promise<void> {
  // A path in /en or /fr is the language the page is read in: remembered first, as the server's
  // first view is hydrated only in the language the app reads the page in.
  rememberPathLanguage();
  // The first sign of use is watched from here, once: a visitor's app starts at it, and what loads
  // at it (the header's account controls) counts a press made while the app was still starting.
  const used = watchFirstUse();
  // The server's snapshot of the first view stays until the app's page is on screen; from
  // here on, a press on it is kept for the app (not only once the app's code has arrived: the page
  // may have finished loading, and the person tapped, in between).
  startFirstViewSwap();
  // The first view's data (a shared list) is asked for now, while the code downloads; unless the
  // page came with it, read by the server for this load, to hydrate (the page's store takes that).
  if (!isHydratingFirstView() || !firstViewServedNow()) startEarlyRequests();
  // A visitor's shared list or home page is read without the app: it starts at their first sign of
  // use (firstView/intent.ts), watched for from now on; its code is fetched meanwhile when the
  // network is idle.
  const acted = startsOnIntent() ? used : null;
  if (acted) setPrefetching(true);
  // The federation runtime's start (this script's evaluation) and the remotes' registration are
  // two tasks, not one long one (TBT).
  await yieldToMain();
  const config = await loadRuntimeConfig();
  // The route's remote loads alongside React (the gateway names it in index.html).
  if (config) preloadFirstView();
  if (!config) console.warn('[shell] /remotes.json unavailable: remote pages will show an error panel');
  // SPEC §1: added on launch; once the page has loaded, so it never competes with the first view.
  const affiliateUrl = config?.affiliation.scriptUrl;
  if (affiliateUrl) whenPageSettled(() => injectAffiliateScript(affiliateUrl));
  if (acted) {
    whenLoaded(() => prefetchAppFiles());
    await acted;
    setPrefetching(false);
  }
  // The federation runtime's start and the remote's preload above are one task; asking for the
  // app's chunks (each shared module negotiated, each script added) is the next (TBT).
  await yieldToMain();
  const bootstrap = import('./bootstrap');
  // While those chunks download: the price formatter's one-time cost, in a task of its own, on
  // the pages that show prices only, in the page's language (each formatter costs tens of
  // milliseconds of a phone's main thread; the home page shows none).
  if (PRICE_PAGES.test(location.pathname)) setTimeout(() => warmUpPriceFormat(document.documentElement.lang || navigator.language), 0);
  await bootstrap;
  // Installable app: offline page, cache-first hashed chunks. After the first view.
  registerServiceWorker();
}

void start();
