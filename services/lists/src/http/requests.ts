import { z } from 'zod';

// 400: the request is malformed (a client bug). 422: a value the person typed breaks a rule.
// Ids in paths are not checked here: an id that cannot exist answers 404, like an unknown one.

/** User ids come from the auth service (ObjectId hex); anything else is a malformed call. */
export const userIdParams = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a user id') });

/** Any JSON object; its fields are checked by the domain (422 per field). */
export const objectBody = z.record(z.string(), z.unknown());

const id = z.string().max(64);

export const orderingBody = z.object({ products: z.array(id).max(2000) });

const ids = z.array(id).max(500);
export const lookupBody = z.object({ ids });
export const claimBody = z.object({
  ids: ids.min(1),
  offeringId: z.string().trim().min(1).max(200),
  /** Units per product id (1 for an id not named). */
  quantities: z.record(id, z.number().int().min(1).max(99)).optional(),
});

/** `GET /api/product-lists?summary=1`: names and counts only (no products). */
export const listsQuery = z.object({ summary: z.enum(['0', '1', 'true', 'false']).optional() });
