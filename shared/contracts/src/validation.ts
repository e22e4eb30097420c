// Validation rules of SPEC §5 as plain predicates, shared by browser and services. The same rules
// as zod schemas are in schemas.ts: a separate module, so that a front end using only these
// predicates does not build (nor download) zod's schemas.
import { cleanDisplayName } from './displayName';
import { NO_IMAGE_PLACEHOLDER } from './entities';

/** SPEC §5: non-space local part, @, non-space domain, a dot, non-space suffix. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** SPEC §5: http or https, a host, an optional path. */
export const PRODUCT_URL_PATTERN = /^https?:\/\/[^\s/?#:@]+(?::\d+)?(?:[/?#]\S*)?$/i;
export const LIST_NAME_MAX_LENGTH = 100;
export const PRODUCT_NAME_MAX_LENGTH = 200;
/** Longest product URL or image URL accepted. */
export const PRODUCT_URL_MAX_LENGTH = 2048;
/** Highest price accepted: one million euros, in cents. */
export const PRICE_MAX_CENTS = 100_000_000;
/** How many of one product a list may ask for, and the longest note on a product. */
export const PRODUCT_QUANTITY_MAX = 99;
export const PRODUCT_NOTE_MAX_LENGTH = 500;
/** The smallest pledge to a group gift, in cents (5 €); a group gift's price is at least this. */
export const GROUP_GIFT_MIN_PLEDGE = 500;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Whether a product URL is acceptable as typed (the empty field is valid, SPEC §5). */
export function isValidProductUrl(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (!PRODUCT_URL_PATTERN.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Whether a non-empty product URL is valid: the Continue button's rule. */
export function isCompleteProductUrl(value: string): boolean {
  return value.trim() !== '' && isValidProductUrl(value);
}

/**
 * Whether a product image is acceptable as stored: the no-image placeholder, or an absolute
 * http(s) URL of at most PRODUCT_URL_MAX_LENGTH characters (never `javascript:`, `data:`...).
 */
export function isValidProductImage(value: string): boolean {
  const v = value.trim();
  if (v === NO_IMAGE_PLACEHOLDER) return true;
  return v.length <= PRODUCT_URL_MAX_LENGTH && isCompleteProductUrl(v);
}

export function isValidListName(value: string): boolean {
  const v = cleanDisplayName(value);
  return v.length > 0 && v.length <= LIST_NAME_MAX_LENGTH;
}

/**
 * Parses a typed price into integer cents. Comma is accepted as the decimal separator, empty means
 * null. Returns undefined when the text is not a number (or negative).
 */
export function parsePrice(value: string | number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : undefined;
  }
  const v = value.trim().replace(/\s/g, '').replace(/€/g, '').replace(',', '.');
  if (v === '') return null;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(v)) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) return undefined;
  // Round on the decimal string to avoid 1.005 * 100 = 100.49999.
  return Math.round(Number((n * 100).toFixed(6)));
}

/** Offer limits (the offers contract): one basket holds at most 50 products. */
export const OFFERING_MAX_PRODUCTS = 50;
export const OFFERER_IDENTITY_MAX_LENGTH = 100;
export const OFFERER_MESSAGE_MAX_LENGTH = 2000;
export const OFFERING_ADDRESS_MAX_LENGTH = 500;
