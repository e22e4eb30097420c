import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { hasFirstView } from '../firstView/swap';

/** sessionStorage key of the remembered scroll positions (one per history entry). */
export const SCROLL_POSITIONS_KEY = 'scroll-positions';
/** How long a restoration waits for the page (a remote, its data) to grow tall enough. */
export const RESTORE_WAIT_MS = 4000;
const MAX_REMEMBERED = 50;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const raw = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Positions) : {};
  } catch {
    return {};
  }
}

function writePositions(positions: Positions): void {
  const keys = Object.keys(positions);
  // Keep the newest entries only (insertion order).
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete positions[key];
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: restoring is a comfort, not a must.
  }
}

const scrollToY = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' as ScrollBehavior });

/** Publishes the sticky header's height as `--shell-header-height` (the top scroll padding). */
export function useHeaderHeight(): (el: HTMLElement | null) => void {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((el: HTMLElement | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!el) return;
    const root = document.documentElement;
    const publish = (height: number) => root.style.setProperty('--shell-header-height', `${Math.ceil(height)}px`);
    if (typeof ResizeObserver !== 'function') {
      publish(el.getBoundingClientRect().height);
      return;
    }
    // Measured by the observer's first report, after the frame's layout, not here in the commit:
    // reading the size here would force a layout of the whole new page in the first render's task,
    // a long one on a phone. Until then the CSS falls back to --header-height.
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      publish(entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height);
    });
    observer.observe(el);
    cleanup.current = () => observer.disconnect();
  }, []);
}

/**
 * The shell's scroll restoration (react-router's ScrollRestoration needs a data router; the shell
 * uses <BrowserRouter> and renders remotes inside it): a new page starts at the top (or at its
 * #hash), Back and Forward bring back the position the entry had. A remote renders after its
 * module and its data load, so a restoration waits (up to RESTORE_WAIT_MS) until the page is tall
 * enough, and gives up as soon as the person scrolls themselves. Changing only the query keeps the
 * position (a panel opening or closing on the same page).
 */
export function ScrollManager() {
  const routerLocation = useLocation();
  // A page opened fresh (typed, reloaded without history state) has the key "default" whatever its
  // address: tell such entries apart by their address.
  const location = routerLocation.key === 'default' ? { ...routerLocation, key: `default:${routerLocation.pathname}${routerLocation.search}` } : routerLocation;
  const navigationType = useNavigationType();
  // Read once per mount (a ref's initial value would be read again at every render).
  const [positions] = useState(() => ({ current: readPositions() }));
  const previousPath = useRef<string | null>(null);
  // The entry scroll events belong to: switched before the new page paints, so the scroll that
  // a shorter page or our own scrollTo causes is never booked to the page being left.
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember where the current entry is scrolled to, as it scrolls.
  useEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const key = currentKey.current;
        delete positions.current[key];
        positions.current[key] = window.scrollY;
        writePositions(positions.current);
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    // Where the page already is: a scroll made on the server's first-view snapshot, before the app
    // started, raised no event here, and Back would otherwise come back to the top. Read at the next
    // frame, whose layout is due anyway: read here, in the commit, it forces a layout of the page
    // being built, which the renders right after it change again.
    frame = requestAnimationFrame(() => {
      if (window.scrollY > 0) save();
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [positions]);

  // Before the new page paints: to the top, to the hash, or back where the entry was.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    const firstPage = previousPath.current === null;
    const samePath = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    if (navigationType !== 'POP') {
      if (samePath && !location.hash) return;
      if (location.hash) {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) return target.scrollIntoView({ block: 'start', behavior: 'instant' as ScrollBehavior });
      }
      scrollToY(0);
      return;
    }
    const wanted = positions.current[location.key];
    if (wanted === undefined) {
      // The document just loaded is where the browser put it (its top), and the server's snapshot
      // may have been scrolled already: a scroll there would only force a layout of the page
      // being built, in the first render's task.
      if (!samePath && !firstPage && !hasFirstView()) scrollToY(0);
      return;
    }
    scrollToY(wanted);
    if (Math.abs(window.scrollY - wanted) <= 1) return;
    // The page is not tall enough yet: try again as it grows, until reached, timeout or user input.
    let done = false;
    const stop = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(timer);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
    };
    const attempt = () => {
      scrollToY(wanted);
      if (Math.abs(window.scrollY - wanted) <= 1) stop();
    };
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(attempt) : null;
    observer?.observe(document.body);
    const timer = setTimeout(stop, RESTORE_WAIT_MS);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [location.key, location.pathname, location.hash, navigationType, positions]);

  return null;
}
