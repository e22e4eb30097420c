// The `encodedProductUrl` of /create-product/from/{encodedProductUrl}/to/{productListIdFromUrl?}
// (SPEC §2): the product URL, base64-encoded, then URL-encoded. The Android share intent, the
// browser extension and the desktop redirect to `/?encodedProductUrl=` all carry it.
import { isCompleteProductUrl } from './validation';

function base64ToBytes(value: string): Uint8Array | null {
  // Accept the URL-safe alphabet and missing padding too.
  let b64 = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length === 0) return null;
  b64 = b64.replace(/=+$/, '');
  if (b64.length % 4 === 1) return null;
  b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  try {
    const binary = atob(b64);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The product URL inside an encoded value, or null when it is not a valid http(s) URL. */
export function decodeProductUrl(encoded: string | null | undefined): string | null {
  if (!encoded) return null;
  let value = encoded;
  // The router may hand the value over still URL-encoded (%2F, %3D…); base64 itself never has '%'.
  for (let i = 0; i < 2 && /%[0-9A-Fa-f]{2}/.test(value); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  const bytes = base64ToBytes(value);
  if (!bytes) return null;
  let url: string;
  try {
    url = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    url = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  }
  url = url.trim();
  return isCompleteProductUrl(url) ? url : null;
}

/** base64 of the URL's UTF-8 bytes, then URL-encoded: the inverse of `decodeProductUrl`. */
export function encodeProductUrl(url: string): string {
  const bytes = new TextEncoder().encode(url);
  // Byte by byte: spreading a long URL's bytes into fromCharCode can exceed the argument limit.
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return encodeURIComponent(btoa(binary));
}

/**
 * The "Open in Wishlist" link (SPEC §2 product-creation-from-url) on a server: the product URL
 * encoded as above, and the chosen list when there is one.
 */
export function productCreationFromUrlPath(url: string, productListId?: string | null): string {
  const base = `/create-product/from/${encodeProductUrl(url)}`;
  return `${base}/to${productListId ? `/${encodeURIComponent(productListId)}` : ''}`;
}
