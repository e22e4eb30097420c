// Issue 13, "snapshot then swap" (the browser's half; the gateway's is services/gateway/src/
// snapshot.ts). The page arrives with the first view server-rendered in #first-view and
// `<html data-first-view>`, which keeps #root invisible and out of the flow. The app renders in
// #root as always; when its page is on screen, the snapshot is removed and #root shown in the same
// task, so the next frame shows the app where the snapshot was (no layout shift). No hydration:
// the app never adopts the snapshot's nodes.
//
// The swap happens when the first of these comes:
//  - the page says its content has rendered (FIRST_VIEW_READY_EVENT, @wishlist/contracts);
//  - the route changes (an owner sent to their own list, a 404 sent to /not-found);
//  - the remote failed (the error panel with Retry: RemotePage);
//  - the session turns out signed in (the snapshot's header is the signed-out one);
//  - SWAP_TIMEOUT_MS passed, whatever the app shows then.
import { FIRST_VIEW_ATTRIBUTE, FIRST_VIEW_ID, FIRST_VIEW_READY_EVENT } from '@wishlist/contracts';

/** The longest the snapshot stands for the app. */
export const SWAP_TIMEOUT_MS = 10_000;

export type SwapReason = 'ready' | 'route' | 'error' | 'signed-in' | 'timeout';

/** Whether the server's snapshot is on screen. */
export function hasFirstView(doc: Document = document): boolean {
  return doc.getElementById(FIRST_VIEW_ID) !== null;
}

let cleanup: (() => void) | null = null;
let lastReason: SwapReason | null = null;

/** Why the last swap happened (tests, and a developer wondering). */
export function lastSwapReason(): SwapReason | null {
  return lastReason;
}

/**
 * Removes the snapshot and shows the app, keeping the scroll position the person had reached.
 * Idempotent: a no-op once swapped, or when there was no snapshot.
 */
export function swapFirstView(reason: SwapReason, doc: Document = document, win: Window = window): void {
  const snapshot = doc.getElementById(FIRST_VIEW_ID);
  if (!snapshot && !doc.documentElement.hasAttribute(FIRST_VIEW_ATTRIBUTE)) return;
  const y = win.scrollY;
  snapshot?.remove();
  doc.documentElement.removeAttribute(FIRST_VIEW_ATTRIBUTE);
  if (y > 0 && Math.abs(win.scrollY - y) > 1) win.scrollTo({ top: y, left: 0, behavior: 'instant' as ScrollBehavior });
  lastReason = reason;
  cleanup?.();
  cleanup = null;
}

/** Called once before the app renders: waits for the page's signal, or the timeout. */
export function startFirstViewSwap(doc: Document = document, win: Window = window): void {
  if (!hasFirstView(doc)) {
    // A page written with the attribute but no snapshot must not keep #root hidden.
    doc.documentElement.removeAttribute(FIRST_VIEW_ATTRIBUTE);
    return;
  }
  const onReady = () => swapFirstView('ready', doc, win);
  win.addEventListener(FIRST_VIEW_READY_EVENT, onReady);
  const timer = win.setTimeout(() => swapFirstView('timeout', doc, win), SWAP_TIMEOUT_MS);
  cleanup = () => {
    win.removeEventListener(FIRST_VIEW_READY_EVENT, onReady);
    win.clearTimeout(timer);
  };
}
