// Where the app runs. The Android wrapper (a WebView) marks itself with a user-agent token
// `WishlistNative` or by setting `window.__WISHLIST_NATIVE__ = true` before the app starts.
declare global {
  interface Window {
    __WISHLIST_NATIVE__?: boolean;
  }
}

export function isNativeShell(): boolean {
  if (typeof window === 'undefined') return false;
  return window.__WISHLIST_NATIVE__ === true || /\bWishlistNative\b/.test(window.navigator.userAgent);
}

export function isAndroid(): boolean {
  return typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);
}

/** SPEC §1: mobile layout up to 640 px wide. */
export const MOBILE_MAX_WIDTH = 640;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
