// A visitor's first view starts the app at their first sign of use, not at load. The server's markup
// is the whole page a visitor reads: the list's cards, pictures and prices, real links. What the app
// adds (selecting, the basket, sorting, favorites) is for someone who acts on the page. Started at
// load, it costs a phone's main thread about three times a bare React page's work on every shared
// list opened, including by the many who only look. So the app's code is fetched at the lowest
// priority (not run), and it is run when the person first touches, scrolls with the wheel, moves
// the pointer over the page, presses a key, moves the focus or activates a control. A press that
// started it is held and replayed once the page is hydrated (hydrate.ts).
//
// Only for a first view the app hydrates as the server rendered it (a visitor without a session, in
// the page's language), read by the server for this very load: any other page starts at once (a
// session's header, another language or data from the history differ from the markup).
import { APP_FILES_ID, firstViewServedNow } from '@wishlist/contracts';
import { registerPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isHydratingFirstView } from './hydrate';

/**
 * What says a person is using the page (a scroll by touch starts with `touchstart`; a screen reader's
 * activation may come as a `click` alone).
 */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'focusin', 'click'] as const;

/** Whether this page's app waits for its visitor's first sign of use. */
export function startsOnIntent(win: Window = window): boolean {
  return isHydratingFirstView() && firstViewServedNow(win);
}

/**
 * Resolves at the first sign of use, or at once when the focus is already in the page. Not on
 * `navigator.userActivation.hasBeenActive`: Chromium reports it for a page nobody has touched when
 * an automation (Playwright) navigated to it, so it tells nothing of a person.
 */
export function whenVisitorActs(doc: Document = document, win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const active = doc.activeElement;
    if (active && active !== doc.body && active !== doc.documentElement) return resolve();
    const acted = () => {
      for (const type of INTENT_EVENTS) win.removeEventListener(type, acted, true);
      resolve();
    };
    for (const type of INTENT_EVENTS) win.addEventListener(type, acted, { capture: true, passive: true });
  });
}

let used = false;
let watching: Promise<void> | null = null;
const useListeners = new Set<() => void>();

/**
 * The person's first sign of use of this document, watched once from the entry's start: the
 * visitor's app starts at it, and the parts of a page loaded only then (layout/firstUse.ts) count a
 * press made before the app drew them (the approval of a sign-in). Resolves at that sign.
 */
export function watchFirstUse(doc: Document = document, win: Window = window): Promise<void> {
  watching ??= whenVisitorActs(doc, win).then(() => {
    used = true;
    for (const listener of useListeners) listener();
  });
  return watching;
}

/** Whether the person has shown a sign of use of this document (then stays true). */
export const hasFirstUse = (): boolean => used;

/** Calls `listener` at the first sign of use; returns the unsubscription. */
export function onFirstUse(listener: () => void): () => void {
  useListeners.add(listener);
  return () => useListeners.delete(listener);
}

/** Tests: a document nobody has used yet, not watched. */
export function resetFirstUseWatch(): void {
  used = false;
  watching = null;
  useListeners.clear();
}

let prefetching = false;

/**
 * Federation runtime plugin: while the app waits for its visitor, the runtime's preloads of the
 * page's remote (`preloadRemote`, its code and styles) become prefetches. A preload is fetched early
 * and warned about when unused for a few seconds; a prefetch is fetched when the network is idle,
 * into the HTTP cache the app's own loads then read.
 */
export function prefetchWhileWaitingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'wishlist-prefetch-while-waiting',
    createLink({ url, attrs }) {
      if (!prefetching || attrs?.rel !== 'preload') return undefined;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      return link;
    },
  };
}

let registered = false;

/** Until the app starts, the federation runtime's preloads are prefetches (prefetchWhileWaitingPlugin). */
export function setPrefetching(on: boolean): void {
  if (on && !registered) {
    registered = true;
    registerPlugins([prefetchWhileWaitingPlugin()]);
  }
  prefetching = on;
}

/** Prefetches the shell's own code, as its build listed it (nothing when the list is missing). */
export function prefetchAppFiles(doc: Document = document): void {
  let files: unknown;
  try {
    files = JSON.parse(doc.getElementById(APP_FILES_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const href of files) {
    if (typeof href !== 'string') continue;
    let url: URL;
    try {
      url = new URL(href, doc.baseURI);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url.href;
    doc.head.appendChild(link);
  }
}
