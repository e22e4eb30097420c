import { isCompleteProductUrl } from '@wishlist/contracts';

/**
 * SPEC §2: `encodedProductUrl` is the product URL base64-encoded then URL-encoded (the router has
 * already undone the URL encoding). Accepts standard and URL-safe base64, with or without padding,
 * UTF-8 inside. Returns null unless the result is an http(s) URL.
 */
export function decodeProductUrl(encoded: string | null | undefined): string | null {
  if (!encoded) return null;
  try {
    let b64 = encoded.trim();
    // A value URL-encoded twice still decodes.
    if (/%[0-9a-f]{2}/i.test(b64)) b64 = decodeURIComponent(b64);
    b64 = b64.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
    while (b64.length % 4) b64 += '=';
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const url = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return isCompleteProductUrl(url) ? url : null;
  } catch {
    return null;
  }
}

/** The inverse, for links built by this app (tests, the share flow). */
export function encodeProductUrl(url: string): string {
  const bytes = new TextEncoder().encode(url);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary);
}
