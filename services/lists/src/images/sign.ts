import { createHmac, timingSafeEqual } from 'node:crypto';
import { identitySecret } from '@wishlist/service-kit';
import { IMAGE_PATH } from '@wishlist/contracts';

/**
 * Product pictures are served from our own origin (issue 13): `GET /api/images/{token}?w=320`.
 * The token is the shop's picture URL and an HMAC of it, so the route is not an open proxy: it
 * only fetches pictures this service has handed out (a product's image), never an address someone
 * typed. The key is derived from IDENTITY_SECRET, which every instance shares, so any instance
 * verifies what another one signed.
 */
const CONTEXT = 'wishlist/product-picture/v1';
const MAC_BYTES = 16;

let key: Buffer | undefined;
function macKey(): Buffer {
  key ??= createHmac('sha256', identitySecret()).update(CONTEXT).digest();
  return key;
}

function mac(url: string): Buffer {
  return createHmac('sha256', macKey()).update(url).digest().subarray(0, MAC_BYTES);
}

/** Our URL of a shop picture (http or https only; the placeholder and data: URIs have none). */
export function pictureOf(image: string | null | undefined): string | undefined {
  if (!image || !/^https?:\/\//i.test(image)) return undefined;
  return `${IMAGE_PATH}/${Buffer.from(image).toString('base64url')}.${mac(image).toString('base64url')}`;
}

/** The shop picture URL a token stands for, or null when it was not signed by us. */
export function pictureUrlOf(token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || !/^[A-Za-z0-9_-]+$/.test(token.slice(0, dot)) || !/^[A-Za-z0-9_-]+$/.test(token.slice(dot + 1))) return null;
  const url = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(url);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return url;
}
