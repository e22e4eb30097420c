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

/** The longest the page waits for its ready signal, once hydrating, before the snapshot's own style goes. */
export const HYDRATION_TIMEOUT_MS = 10_000;

let hydrating = false;
let stopCapture: (() => void) | null = null;
let finish: (() => void) | null = null;
let startTimer: (() => void) | null = null;
/** Whether hydration has started (bootstrap.tsx): until then no part of the page is React's. */
let started = false;

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
 * Keeps presses on the page until it is hydrated, and ends the first view once the page says it is
 * on screen (or HYDRATION_TIMEOUT_MS after hydration started): the snapshot's inline stylesheet goes
 * (the app's own files hold the same rules) and the last press is replayed on its control, now the
 * app's.
 */
export function startFirstViewHydration(doc: Document = document, win: Window = window): void {
  hydrating = true;
  const root = doc.getElementById('root');
  let pressed: HTMLElement | null = null;
  // Until hydration starts, nothing of the page is React's: a press on any of its controls is held
  // (a visitor's app starts at their first sign of use: index.ts). Once it has started, the header
  // and footer are React's; the page's part (in <main>) waits for its remote's code, so a press
  // there is still held from React (it would be lost on a part not yet hydrated) and replayed once
  // the page says it is on screen.
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest(CONTROL);
    const held = started ? root?.querySelector('main') : root;
    if (!(control instanceof HTMLElement) || !held?.contains(control)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    pressed?.removeAttribute('aria-busy');
    pressed = control;
    // Said at once (and shown: a progress cursor), so the press is not taken for lost.
    control.setAttribute('aria-busy', 'true');
  };
  root?.addEventListener('click', onClick, true);
  stopCapture = () => {
    root?.removeEventListener('click', onClick, true);
    stopCapture = null;
  };
  let timer: number | undefined;
  const onReady = () => finish?.();
  win.addEventListener(FIRST_VIEW_READY_EVENT, onReady);
  startTimer = () => {
    startTimer = null;
    timer = win.setTimeout(() => finish?.(), HYDRATION_TIMEOUT_MS);
  };
  finish = () => {
    finish = null;
    startTimer = null;
    win.clearTimeout(timer);
    win.removeEventListener(FIRST_VIEW_READY_EVENT, onReady);
    stopCapture?.();
    doc.documentElement.removeAttribute(FIRST_VIEW_HYDRATE_ATTRIBUTE);
    doc.getElementById(FIRST_VIEW_STYLE_ID)?.remove();
    const press = pressed;
    pressed = null;
    press?.removeAttribute('aria-busy');
    if (press?.isConnected) press.click();
  };
}

/**
 * Hydration starts (bootstrap.tsx): the header and footer are React's from here; presses on the
 * page stay held until its ready signal, which is awaited at most HYDRATION_TIMEOUT_MS from now
 * (the first view's own stylesheet stays until then: the app's files are loaded by that time).
 */
export function hydrationStarted(): void {
  started = true;
  startTimer?.();
}

/** Ends the first view now (a new route, an error panel, a session): nothing more to wait for. */
export function endFirstViewHydration(): void {
  finish?.();
}
