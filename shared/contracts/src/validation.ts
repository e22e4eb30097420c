// Validation rules of SPEC §5, as plain predicates and as zod schemas, shared by browser and services.
import { z } from 'zod';
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
  const v = value.trim();
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

export const emailSchema = z
  .string()
  .trim()
  .regex(EMAIL_PATTERN, { message: 'invalid-email' });

export const productUrlSchema = z
  .string()
  .trim()
  .refine(isValidProductUrl, { message: 'invalid-url' });

/** A required product URL (for creation from a URL). */
export const requiredProductUrlSchema = z
  .string()
  .trim()
  .refine(isCompleteProductUrl, { message: 'invalid-url' });

export const listNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(LIST_NAME_MAX_LENGTH, { message: 'too-long' });

/** Price in cents as stored: an integer from 0 to PRICE_MAX_CENTS, or null (unknown). */
export const priceCentsSchema = z
  .number({ error: 'invalid-price' })
  .int({ error: 'invalid-price' })
  .min(0, { error: 'invalid-price' })
  .max(PRICE_MAX_CENTS, { error: 'too-high' })
  .nullable();

/** Price as typed in a form, transformed into cents. */
export const priceInputSchema = z
  .union([z.string(), z.number(), z.null()])
  .transform((v, ctx) => {
    const cents = parsePrice(v);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: 'invalid-price' });
      return z.NEVER;
    }
    return cents;
  });

export const productNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(PRODUCT_NAME_MAX_LENGTH, { message: 'too-long' });

export const createTokenRequestSchema = z.object({
  email: emailSchema,
  tokenName: z.string().trim().min(1),
  /** Language of the validation e-mail; optional (the service falls back to Accept-Language). */
  language: z.enum(['en', 'fr']).optional(),
});

export const validateTokenRequestSchema = z.object({
  tokenName: z.string().trim().min(1),
  validationCode: z.string().trim().min(1),
});

export const createProductListRequestSchema = z.object({ name: listNameSchema });
export const updateProductListRequestSchema = z.object({ name: listNameSchema });

export const productsOrderingRequestSchema = z.object({ products: z.array(z.string().min(1)) });

/** A product image: the NO_IMAGE placeholder or an absolute http(s) URL. */
export const productImageSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .refine(isValidProductImage, { message: 'invalid-image' });

/** The URL of a stored product: required, absolute http(s), at most PRODUCT_URL_MAX_LENGTH. */
export const productLinkSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .max(PRODUCT_URL_MAX_LENGTH, { message: 'too-long' })
  .refine(isCompleteProductUrl, { message: 'invalid-url' });

/** Id of the list a product goes into (one of the caller's lists). */
export const productListIdSchema = z.string({ error: 'required' }).trim().min(1, { message: 'required' });

export const productFieldsSchema = z.object({
  name: productNameSchema,
  image: productImageSchema,
  price: priceCentsSchema,
});

export const createProductRequestSchema = productFieldsSchema.extend({
  url: productLinkSchema,
  productListId: productListIdSchema,
});

export const updateProductRequestSchema = productFieldsSchema.extend({
  productListId: productListIdSchema,
});

export const updateProductInListRequestSchema = z.union([
  z.object({ hasBeenOffered: z.boolean() }).strict(),
  productFieldsSchema,
]);

export const fetchPageRequestSchema = z.object({ url: requiredProductUrlSchema });

/** Offer limits (the offers contract): one basket holds at most 50 products. */
export const OFFERING_MAX_PRODUCTS = 50;
export const OFFERER_IDENTITY_MAX_LENGTH = 100;
export const OFFERER_MESSAGE_MAX_LENGTH = 2000;
export const OFFERING_ADDRESS_MAX_LENGTH = 500;

export const createOfferingRequestSchema = z.object({
  isExpectingAddress: z.boolean(),
  products: z
    .array(z.string().min(1))
    .min(1)
    .max(OFFERING_MAX_PRODUCTS)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
  offererEmail: emailSchema,
  offererIdentity: z.string().trim().max(OFFERER_IDENTITY_MAX_LENGTH).default(''),
  offererMessage: z.string().trim().max(OFFERER_MESSAGE_MAX_LENGTH).default(''),
});

export const acceptOfferingRequestSchema = z.object({
  address: z.string().trim().min(1, { message: 'required' }).max(OFFERING_ADDRESS_MAX_LENGTH),
});
