// Where the app runs. The shell detects the native wrapper once at start (shell/src/nativeShell.ts:
// `?shell=android` start_url, remembered for the session, or an `android-app://` referrer) and
// publishes it as `window.__WISHLIST_NATIVE__` before the first render; every remote reads it here.
declare global {
  interface Window {
    __WISHLIST_NATIVE__?: boolean;
  }
}

export function isNativeShell(): boolean {
  if (typeof window === 'undefined') return false;
  return window.__WISHLIST_NATIVE__ === true;
}

export function isAndroid(): boolean {
  return typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);
}

/** SPEC §1: mobile layout up to 640 px wide. */
export const MOBILE_MAX_WIDTH = 640;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
