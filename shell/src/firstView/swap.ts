// "Snapshot then swap" (the browser's half; the gateway's is services/gateway/src/snapshot.ts), for
// a first view the app does not hydrate (hydrate.ts says which). The page arrives with the first view server-rendered in #first-view and
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
// The snapshot's controls do nothing by themselves (its links are real links). A press on one of
// its page's controls before the swap (a card, "Add to favorites") is not lost: it is replayed on
// the same control of the app's page once it is there, and the focus moves to the same place;
// the arrow, Home and End keys pressed on a control of the page (the cards' roving focus) follow.
import { FIRST_VIEW_ATTRIBUTE, FIRST_VIEW_ID, FIRST_VIEW_READY_EVENT, FIRST_VIEW_STYLE_ID } from '@wishlist/contracts';
import { canHydrate, endFirstViewHydration, hasHydratableFirstView, isHydratingFirstView, startFirstViewHydration, toSwapForm } from './hydrate';

/** The longest the snapshot stands for the app. */
export const SWAP_TIMEOUT_MS = 10_000;

export type SwapReason = 'ready' | 'route' | 'error' | 'signed-in' | 'timeout';

/** Whether the server's first view is on screen (a snapshot, or markup being hydrated). */
export function hasFirstView(doc: Document = document): boolean {
  return doc.getElementById(FIRST_VIEW_ID) !== null || hasHydratableFirstView(doc) || isHydratingFirstView();
}

let cleanup: (() => void) | null = null;
let lastReason: SwapReason | null = null;
/** The last control pressed in the snapshot, found again in the app by its place in <main> or <footer>. */
let pressed: Place | null = null;
/** Navigation keys pressed on a control of the snapshot's page, in order, replayed on the app's. */
let keys: { place: Place; key: string; shiftKey: boolean }[] = [];
const REPLAYED_KEYS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End']);

/** Where an element sits under one of the regions the snapshot and the app render alike. */
interface Place {
  region: 'main' | 'footer';
  path: number[];
  tag: string;
}

const REGIONS = ['main', 'footer'] as const;

/** The place of `el` in the snapshot, or null outside the regions both render alike. */
function placeOf(el: Element, snapshot: Element): Place | null {
  for (const region of REGIONS) {
    const base = snapshot.querySelector(region);
    if (!base || !base.contains(el)) continue;
    const path: number[] = [];
    for (let node: Element = el; node !== base; node = node.parentElement!) path.unshift(Array.prototype.indexOf.call(node.parentElement!.children, node));
    return { region, path, tag: el.tagName };
  }
  return null;
}

/** The element at the same place in the app (#root), if it is the same kind of element. */
function elementAt(place: Place, doc: Document): HTMLElement | null {
  let node: Element | null | undefined = doc.getElementById('root')?.querySelector(place.region);
  for (const i of place.path) node = node?.children[i];
  return node instanceof HTMLElement && node.tagName === place.tag ? node : null;
}

const CONTROL = 'button, [role="button"], summary, input, select, textarea';

/** Keeps the navigation keys pressed on a control of the snapshot's page (not letting them scroll it). */
function onSnapshotKey(e: KeyboardEvent, snapshot: Element): void {
  if (!REPLAYED_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
  const control = e.target instanceof Element ? e.target.closest(CONTROL) : null;
  const place = control && snapshot.contains(control) ? placeOf(control, snapshot) : null;
  if (!place) return;
  e.preventDefault();
  if (keys.length < 50) keys.push({ place, key: e.key, shiftKey: e.shiftKey });
}

/** Keeps what the person pressed in the snapshot (links excepted: they work as links). */
function onSnapshotClick(e: MouseEvent, snapshot: Element): void {
  const target = e.target instanceof Element ? e.target : null;
  if (!target || target.closest('a[href]')) return;
  const control = target.closest(CONTROL);
  if (!control || !snapshot.contains(control)) return;
  e.preventDefault();
  pressed = placeOf(control, snapshot);
}

/** Why the last swap happened (tests, and a developer wondering). */
export function lastSwapReason(): SwapReason | null {
  return lastReason;
}

/**
 * Removes the snapshot and shows the app, keeping the scroll position the person had reached.
 * Idempotent: a no-op once swapped, or when there was no snapshot.
 */
export function swapFirstView(reason: SwapReason, doc: Document = document, win: Window = window): void {
  if (isHydratingFirstView()) {
    // Nothing to swap: the app adopted the server's nodes; only the first view's leftovers go.
    if (lastReason === null) lastReason = reason;
    endFirstViewHydration();
    return;
  }
  const snapshot = doc.getElementById(FIRST_VIEW_ID);
  if (!snapshot && !doc.documentElement.hasAttribute(FIRST_VIEW_ATTRIBUTE)) return;
  const y = win.scrollY;
  // Another page (a new route, an error panel) has nothing to carry a press or the focus over to.
  const samePage = reason !== 'route' && reason !== 'error';
  const active = snapshot && samePage && doc.activeElement && snapshot.contains(doc.activeElement) ? placeOf(doc.activeElement, snapshot) : null;
  const press = samePage ? pressed : null;
  const typed = samePage ? keys : [];
  pressed = null;
  keys = [];
  snapshot?.remove();
  // In the same task as the attribute: one style recalculation for both. The app's own stylesheets
  // are loaded by then (a remote page's styles load before its module resolves).
  doc.getElementById(FIRST_VIEW_STYLE_ID)?.remove();
  doc.documentElement.removeAttribute(FIRST_VIEW_ATTRIBUTE);
  if (y > 0 && Math.abs(win.scrollY - y) > 1) win.scrollTo({ top: y, left: 0, behavior: 'instant' as ScrollBehavior });
  lastReason = reason;
  cleanup?.();
  cleanup = null;
  if (active) elementAt(active, doc)?.focus({ preventScroll: true });
  if (press) elementAt(press, doc)?.click();
  for (const k of typed) {
    // Where the app's own handler moved the focus since, if anywhere on the page; else the key's control.
    const target = doc.activeElement instanceof HTMLElement && doc.getElementById('root')?.contains(doc.activeElement) ? doc.activeElement : elementAt(k.place, doc);
    target?.dispatchEvent(new KeyboardEvent('keydown', { key: k.key, shiftKey: k.shiftKey, bubbles: true, cancelable: true }));
  }
}

/** Called once before the app renders: waits for the page's signal, or the timeout. */
export function startFirstViewSwap(doc: Document = document, win: Window = window): void {
  if (hasHydratableFirstView(doc)) {
    if (canHydrate(doc, win)) return startFirstViewHydration(doc, win);
    toSwapForm(doc);
  }
  if (!hasFirstView(doc)) {
    // A page written with the attribute but no snapshot must not keep #root hidden.
    doc.documentElement.removeAttribute(FIRST_VIEW_ATTRIBUTE);
    return;
  }
  const snapshot = doc.getElementById(FIRST_VIEW_ID)!;
  const onReady = () => swapFirstView('ready', doc, win);
  const onClick = (e: MouseEvent) => onSnapshotClick(e, snapshot);
  const onKey = (e: KeyboardEvent) => onSnapshotKey(e, snapshot);
  win.addEventListener(FIRST_VIEW_READY_EVENT, onReady);
  snapshot.addEventListener('click', onClick, true);
  snapshot.addEventListener('keydown', onKey, true);
  const timer = win.setTimeout(() => swapFirstView('timeout', doc, win), SWAP_TIMEOUT_MS);
  cleanup = () => {
    win.removeEventListener(FIRST_VIEW_READY_EVENT, onReady);
    snapshot.removeEventListener('click', onClick, true);
    snapshot.removeEventListener('keydown', onKey, true);
    win.clearTimeout(timer);
  };
}
