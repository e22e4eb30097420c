// "Snapshot then swap": the gateway serves the first view of /see/{id}, /en and /fr as
// HTML rendered with the same components (`#first-view`), and the app renders hidden in `#root`.
// A page that a snapshot may stand for says when its own content is on screen; the shell then
// swaps the snapshot for the app in one frame. A DOM event, so that no shared singleton has to
// carry it: every app bundles this file (contracts are not shared).

/** Dispatched on `window` by a first-view page once its content (its data) has rendered. */
export const FIRST_VIEW_READY_EVENT = 'wishlist:first-view-ready';

/** The id of the server-rendered snapshot and the attribute the gateway sets on `<html>` with it. */
export const FIRST_VIEW_ID = 'first-view';
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
/**
 * The id of the `<style>` holding the snapshot's stylesheets inline. The app loads the same rules
 * from its own files, so the swap removes it: every later style recalculation would otherwise
 * match each rule twice.
 */
export const FIRST_VIEW_STYLE_ID = 'first-view-css';

/**
 * Set on `<html>` (to the first view's kind) when the first view is in `#root` as the app renders
 * it, for the shell to hydrate; the shell removes it once the page is hydrated, or when it cannot
 * hydrate (it then moves the markup to `#first-view` and swaps as above).
 */
export const FIRST_VIEW_HYDRATE_ATTRIBUTE = 'data-first-view-hydrate';
/** `<script type="application/json">` holding what the hydrated page renders from (a shared list). */
export const FIRST_VIEW_DATA_ID = 'first-view-data';

/**
 * `<script type="application/json">` in the shell's index.html: its own code's files, which a first
 * view waiting for its visitor's first sign of use prefetches (shell/build/appFiles.ts).
 */
export const APP_FILES_ID = 'wishlist-app-files';

/** Says the page's content has rendered (a no-op outside a browser or without a snapshot). */
export function signalFirstViewReady(win: Window | undefined = typeof window === 'undefined' ? undefined : window): void {
  if (!win) return;
  const doc = win.document;
  if (!doc.getElementById(FIRST_VIEW_ID) && !doc.documentElement.hasAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE)) return;
  win.dispatchEvent(new Event(FIRST_VIEW_READY_EVENT));
}

/**
 * The data a hydrated first view renders from, taken once (null without one): the page's store
 * starts with it, so the app's first render is the server's markup.
 */
export function takeFirstViewData(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): unknown {
  if (!doc || !doc.documentElement.hasAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE)) return null;
  const el = doc.getElementById(FIRST_VIEW_DATA_ID);
  if (!el) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '') as unknown;
  } catch {
    return null;
  }
}

/**
 * Whether the page's HTML, and the data it carries, came from the server for this very load: a
 * navigation or a reload (the gateway serves it `no-cache`, rendered from the list as read for
 * the request), not a return through the history (which may show the browser's stored copy). The
 * page then has no need to read that list again at once.
 */
export function firstViewServedNow(win: Window | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  const entry = win?.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'navigate' || entry?.type === 'reload';
}

/**
 * A session cookie the shell sets while it runs in the Android wrapper's native mode (its header
 * differs: no basket link on phones). The snapshot is a signed-out visitor's page of the web app,
 * so the gateway serves none to a native session, nor to `?shell=android`: the app draws its own
 * header from the start instead of the web one flashing first.
 */
export const NATIVE_SHELL_COOKIE = 'wishlist_native';
