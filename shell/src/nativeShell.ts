// SPEC §1: the native wrapper mode, detected ONCE when the shell starts and kept here only.
// The Android wrapper (a Trusted Web Activity, docs/android-wrapper.md) opens the app at its
// `start_url` with `?shell=android`, or Android reports it as an `android-app://` referrer. The
// mode is remembered for the browser tab's session (sessionStorage), so later navigations and
// reloads without the query keep it. No user-agent sniffing. Remotes read the result through
// `isNativeShell()` of `@wishlist/ui` (window.__WISHLIST_NATIVE__, set before the first render).
import { NATIVE_SHELL_COOKIE } from '@wishlist/contracts';

/** sessionStorage key remembering the native mode for this tab. */
export const NATIVE_SHELL_STORAGE_KEY = 'wishlist.nativeShell';
/** The start_url query naming the wrapper: `?shell=android`. */
export const NATIVE_SHELL_QUERY = 'shell';
const NATIVE_SHELLS = new Set(['android']);

export interface NativeShellEnvironment {
  /** The address the app was opened at (location.href). */
  href: string;
  /** document.referrer. */
  referrer: string;
  /** sessionStorage, or null where it is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

export interface NativeShellDetection {
  native: boolean;
  /** The address without the `shell` query, or null when it had none (nothing to rewrite). */
  cleanedHref: string | null;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/**
 * Pure detection: `?shell=android` turns the mode on (and remembers it), any other `shell` value
 * turns it off for the session; without the query an `android-app://` referrer or the remembered
 * flag decide.
 */
export function detectNativeShell(env: NativeShellEnvironment): NativeShellDetection {
  const url = new URL(env.href);
  const requested = url.searchParams.get(NATIVE_SHELL_QUERY);
  let native: boolean;
  if (requested !== null) {
    native = NATIVE_SHELLS.has(requested.trim().toLowerCase());
  } else if (/^android-app:\/\//i.test(env.referrer)) {
    native = true;
  } else {
    native = safe(() => env.storage?.getItem(NATIVE_SHELL_STORAGE_KEY) === '1', false);
  }
  safe(() => {
    if (native) env.storage?.setItem(NATIVE_SHELL_STORAGE_KEY, '1');
    else if (requested !== null) env.storage?.removeItem(NATIVE_SHELL_STORAGE_KEY);
  }, undefined);
  let cleanedHref: string | null = null;
  if (requested !== null) {
    url.searchParams.delete(NATIVE_SHELL_QUERY);
    cleanedHref = url.href;
  }
  return { native, cleanedHref };
}

/**
 * Runs once in the shell's bootstrap, before the router reads the address: publishes the mode
 * and removes `shell` from the address bar (history.replaceState keeps path, other queries, hash).
 */
export function initNativeShell(win: Window = window): boolean {
  const { native, cleanedHref } = detectNativeShell({
    href: win.location.href,
    referrer: win.document.referrer,
    storage: safe(() => win.sessionStorage, null),
  });
  win.__WISHLIST_NATIVE__ = native;
  // The gateway's first-view snapshot has the web header: tell it not to serve one (a session
  // cookie, forgotten as soon as a web tab starts without native mode).
  safe(() => {
    const doc = win.document;
    const has = new RegExp(`(?:^|;\\s*)${NATIVE_SHELL_COOKIE}=1(?:;|$)`).test(doc.cookie);
    const secure = win.location.protocol === 'https:' ? '; Secure' : '';
    if (native && !has) doc.cookie = `${NATIVE_SHELL_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
    else if (!native && has) doc.cookie = `${NATIVE_SHELL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  }, undefined);
  if (cleanedHref) win.history.replaceState(win.history.state, '', cleanedHref);
  return native;
}
