// The first view hydrated (the browser's half; the gateway's is services/gateway/src/firstView.ts
// renderHydratable). A shared list arrives in #root as the app renders it, with
// `<html data-first-view-hydrate>` and the list it was rendered from: the app's first render is
// that markup, so React adopts the nodes on screen (hydrateRoot) instead of building the page a
// second time and swapping. The page's store starts with the list (takeFirstViewData).
//
// The app renders it alike only for a visitor without a session, in the snapshot's language. Any
// other visit turns the markup into the snapshot-then-swap form (swap.ts) before the app starts.
// Presses on the page before it is hydrated are kept and replayed once it is.
import {
  FIRST_VIEW_ATTRIBUTE,
  FIRST_VIEW_HYDRATE_ATTRIBUTE,
  FIRST_VIEW_ID,
  FIRST_VIEW_READY_EVENT,
  FIRST_VIEW_STYLE_ID,
  FIRST_VIEW_DATA_ID,
} from '@wishlist/contracts';
import { pageLanguage, storedBearer } from '../earlyData';

/** The longest the page waits for its ready signal before the snapshot's own style goes. */
export const HYDRATION_TIMEOUT_MS = 10_000;

let hydrating = false;
let stopCapture: (() => void) | null = null;
let finish: (() => void) | null = null;

/** Whether the app hydrates the server's first view (decided once, by startFirstViewHydration). */
export function isHydratingFirstView(): boolean {
  return hydrating;
}

/** Whether the page came with a first view to hydrate, not yet done. */
export function hasHydratableFirstView(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE);
}

/** Whether the app's first render will be the server's markup: a visitor without a session, same language. */
export function canHydrate(doc: Document = document, win: Window = window): boolean {
  try {
    return storedBearer(win) === null && pageLanguage(win) === doc.documentElement.lang;
  } catch {
    return false; // storage refused: the app cannot tell who is there, the swap is safe
  }
}

/**
 * Moves the markup from #root to `#first-view` and marks the page as a snapshot (swap.ts takes it
 * from there): the app renders its own page in #root, hidden until the swap.
 */
export function toSwapForm(doc: Document = document): void {
  const html = doc.documentElement;
  const kind = html.getAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE) || 'see';
  html.removeAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE);
  doc.getElementById(FIRST_VIEW_DATA_ID)?.remove();
  const root = doc.getElementById('root');
  if (!root || !root.firstChild) return;
  const snapshot = doc.createElement('div');
  snapshot.id = FIRST_VIEW_ID;
  snapshot.append(...Array.from(root.childNodes));
  root.before(snapshot);
  html.setAttribute(FIRST_VIEW_ATTRIBUTE, kind);
}

const CONTROL = 'button, [role="button"], summary, input, select, textarea';

/**
 * Keeps presses on the page until hydration starts, and ends the first view once the page says it
 * is on screen (or after HYDRATION_TIMEOUT_MS): the snapshot's inline stylesheet goes (the app's
 * own files hold the same rules) and the last press is replayed on its control, now the app's.
 */
export function startFirstViewHydration(doc: Document = document, win: Window = window): void {
  hydrating = true;
  const root = doc.getElementById('root');
  let pressed: Element | null = null;
  // The page's part (in <main>) waits for its remote's code after hydration has started: a press
  // there is held from React too (it would be lost on a part not yet hydrated) and replayed once
  // the page says it is on screen. The header and footer are React's as soon as it runs.
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest(CONTROL);
    const page = root?.querySelector('main');
    if (!control || !page?.contains(control)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    pressed = control;
  };
  root?.addEventListener('click', onClick, true);
  stopCapture = () => {
    root?.removeEventListener('click', onClick, true);
    stopCapture = null;
  };
  const timer = win.setTimeout(() => finish?.(), HYDRATION_TIMEOUT_MS);
  const onReady = () => finish?.();
  win.addEventListener(FIRST_VIEW_READY_EVENT, onReady);
  finish = () => {
    finish = null;
    win.clearTimeout(timer);
    win.removeEventListener(FIRST_VIEW_READY_EVENT, onReady);
    stopCapture?.();
    doc.documentElement.removeAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE);
    doc.getElementById(FIRST_VIEW_STYLE_ID)?.remove();
    const press = pressed;
    pressed = null;
    if (press instanceof HTMLElement && press.isConnected) press.click();
  };
}

/** Hydration starts (bootstrap.tsx): presses on the page stay held until it is ready. */
export function hydrationStarted(): void {
  /* the page's presses are held until its ready signal (onClick above) */
}

/** Ends the first view now (a new route, an error panel, a session): nothing more to wait for. */
export function endFirstViewHydration(): void {
  finish?.();
}
