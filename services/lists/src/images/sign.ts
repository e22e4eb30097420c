import { createHmac, timingSafeEqual } from 'node:crypto';
import { identitySecret } from '@wishlist/service-kit';
import { IMAGE_PATH } from '@wishlist/contracts';

/**
 * Product pictures are served from our own origin: `GET /api/images/{token}?w=320`. A token is
 * signed (an HMAC whose key is derived from IDENTITY_SECRET, which every instance shares, so any
 * instance verifies what another one signed), so the route is not an open proxy: it only fetches
 * pictures this service has handed out, never an address someone typed. Two kinds:
 *
 * - a stored product's picture, `{productId}.{mac}` (47 characters whatever the picture's
 *   address): the MAC covers the product id and its picture's address, and the route reads the
 *   address from the product, so the link stays short in every list answer and stops working
 *   when the product's picture changes or the product goes;
 * - a candidate picture of a page being read (no product holds it yet),
 *   `{base64url(address)}.{mac}`: the address travels in the token.
 */
const CONTEXT = 'wishlist/product-picture/v1';
const MAC_BYTES = 16;
const PRODUCT_ID = /^[0-9a-f]{24}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

let key: Buffer | undefined;
function macKey(): Buffer {
  key ??= createHmac('sha256', identitySecret()).update(CONTEXT).digest();
  return key;
}

function mac(input: string): Buffer {
  return createHmac('sha256', macKey()).update(input).digest().subarray(0, MAC_BYTES);
}

// A candidate's MAC input is its address (it starts with http); a product's starts with
// "product\n": no input of one kind can be the input of the other.
const productMac = (productId: string, image: string) => mac(`product\n${productId}\n${image}`);

const isShopPicture = (image: string | null | undefined): image is string => Boolean(image) && /^https?:\/\//i.test(image!);

function sameMac(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Our URL of a page candidate's picture (http or https only; the placeholder and data: URIs have none). */
export function pictureOf(image: string | null | undefined): string | undefined {
  if (!isShopPicture(image)) return undefined;
  return `${IMAGE_PATH}/${Buffer.from(image).toString('base64url')}.${mac(image).toString('base64url')}`;
}

/** Our URL of a stored product's picture, bound to its id and current image. */
export function productPictureOf(productId: string, image: string | null | undefined): string | undefined {
  if (!isShopPicture(image) || !PRODUCT_ID.test(productId)) return undefined;
  return `${IMAGE_PATH}/${productId}.${productMac(productId, image).toString('base64url')}`;
}

/** What a token names: a stored product (its picture is checked against the MAC), or an address. */
export type PictureRef = { productId: string; verify: (image: string | null | undefined) => boolean } | { url: string };

/** What a token stands for, or null when it was not signed by us. */
export function pictureRefOf(token: string): PictureRef | null {
  const dot = token.lastIndexOf('.');
  const head = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  if (dot <= 0 || !B64URL.test(head) || !B64URL.test(token.slice(dot + 1))) return null;
  if (PRODUCT_ID.test(head)) {
    return { productId: head, verify: (image) => isShopPicture(image) && sameMac(given, productMac(head, image)) };
  }
  const url = Buffer.from(head, 'base64url').toString('utf8');
  return isShopPicture(url) && sameMac(given, mac(url)) ? { url } : null;
}

/** The shop picture URL of a candidate's token, or null when it was not signed by us. */
export function pictureUrlOf(token: string): string | null {
  const ref = pictureRefOf(token);
  return ref && 'url' in ref ? ref.url : null;
}
