// One product on several of its owner's lists, and private products (lists service).
import { z } from 'zod';

/** The most lists one product can be on at once (an owner keeps at most 100 lists). */
export const PRODUCT_LISTS_MAX = 100;

/** `PUT /api/products-in-lists/{id}/lists`: the product is on exactly these lists (the caller's). */
export interface SetProductListsRequest {
  productListIds: string[];
}

const listId = z.string({ error: 'unknown-list' }).regex(/^[0-9a-f]{24}$/i, { message: 'unknown-list' });

/** 1..PRODUCT_LISTS_MAX list ids, each once. Codes: `required`, `too-many`, `unknown-list`, `duplicate`. */
export const productListIdsSchema = z
  .array(listId, { error: 'required' })
  .min(1, { message: 'required' })
  .max(PRODUCT_LISTS_MAX, { message: 'too-many' })
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, { message: 'duplicate' });

export const setProductListsRequestSchema = z.object({ productListIds: productListIdsSchema });

/** Private product: seen by the people who keep the list only, never offered. */
export const hiddenSchema = z.boolean({ error: 'invalid-hidden' });
