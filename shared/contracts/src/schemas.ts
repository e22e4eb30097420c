// The validation rules of SPEC §5 (validation.ts) as zod schemas: the services' request bodies.
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  LIST_NAME_MAX_LENGTH,
  OFFERER_IDENTITY_MAX_LENGTH,
  OFFERER_MESSAGE_MAX_LENGTH,
  OFFERING_ADDRESS_MAX_LENGTH,
  OFFERING_MAX_PRODUCTS,
  PRICE_MAX_CENTS,
  PRODUCT_NOTE_MAX_LENGTH,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_URL_MAX_LENGTH,
  isCompleteProductUrl,
  isValidProductImage,
  isValidProductUrl,
  parsePrice,
} from './validation';
import { cleanDisplayName, cleanMultilineText } from './displayName';

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
  .overwrite(cleanDisplayName)
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
  .overwrite(cleanDisplayName)
  .min(1, { message: 'required' })
  .max(PRODUCT_NAME_MAX_LENGTH, { message: 'too-long' });

export const createTokenRequestSchema = z.object({
  email: emailSchema,
  tokenName: z.string().trim().min(1),
  /** Language of the validation e-mail; optional (the service falls back to Accept-Language). */
  language: z.enum(['en', 'fr']).optional(),
  /** The asker's IANA time zone for the e-mail; the service ignores one it does not know. */
  timeZone: z.string().max(100).optional(),
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

/** How many of a product the owner wishes: an integer from 1 to PRODUCT_QUANTITY_MAX. */
export const productQuantitySchema = z
  .number({ error: 'invalid-quantity' })
  .int({ error: 'invalid-quantity' })
  .min(1, { error: 'invalid-quantity' })
  .max(PRODUCT_QUANTITY_MAX, { error: 'invalid-quantity' });

/** Plain text beside a product (size, colour...): several lines, cleaned, null meaning none. */
export const productNoteSchema = z
  .string({ error: 'invalid-note' })
  .nullable()
  .transform((v) => cleanMultilineText(v ?? ''))
  .pipe(z.string().max(PRODUCT_NOTE_MAX_LENGTH, { message: 'too-long' }));

export const mostWantedSchema = z.boolean({ error: 'invalid-most-wanted' });

/** Visitors chip in for the product instead of offering it whole (needs a price of at least GROUP_GIFT_MIN_PLEDGE). */
export const groupGiftSchema = z.boolean({ error: 'invalid-group-gift' });

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

export const createOfferingRequestSchema = z.object({
  isExpectingAddress: z.boolean(),
  products: z
    .array(z.string().min(1))
    .min(1)
    .max(OFFERING_MAX_PRODUCTS)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
  offererEmail: emailSchema,
  offererIdentity: z.string().overwrite(cleanDisplayName).max(OFFERER_IDENTITY_MAX_LENGTH).default(''),
  offererMessage: z.string().trim().max(OFFERER_MESSAGE_MAX_LENGTH).default(''),
});

export const acceptOfferingRequestSchema = z.object({
  address: z.string().trim().min(1, { message: 'required' }).max(OFFERING_ADDRESS_MAX_LENGTH),
});
