// The zod schemas of a list's own fields (occasion, surprise, recipient and keepers, a product on
// several lists): the services' request bodies. Kept apart from the rules they check (occasion.ts,
// surprise.ts, keepers.ts, severalLists.ts), which the front ends use on their first views: a
// module holding a schema brings zod (tens of kB) into every bundle that imports anything of it.
import { z } from 'zod';
import { LIST_RECIPIENTS } from './keepers';
import { isCalendarDate } from './occasion';
import { emailSchema } from './schemas';
import { PRODUCT_LISTS_MAX } from './severalLists';
import { isRevealAt, normalizeRevealAt } from './surprise';

/** `eventDate`: a real `YYYY-MM-DD` date, or null (no occasion). Errors: `invalid-date`. */
export const eventDateSchema = z
  .string({ error: 'invalid-date' })
  .refine(isCalendarDate, { message: 'invalid-date' })
  .nullable();

/** The optional fields of a list's creation (`POST /api/product-lists`), beside `name`. */
export const listOccasionCreateSchema = z.object({ eventDate: eventDateSchema.optional() });

/** `PATCH /api/product-lists/{id}`: each field optional, an absent one is left as it is. */
export const listOccasionChangeSchema = z.object({
  eventDate: eventDateSchema.optional(),
  archived: z.boolean({ error: 'invalid-boolean' }).optional(),
});

/** `revealAt`: a day or an ISO instant, or null (reveal after `eventDate`). Errors: `invalid-date`. */
export const revealAtSchema = z
  .string({ error: 'invalid-date' })
  .refine(isRevealAt, { message: 'invalid-date' })
  .transform(normalizeRevealAt)
  .nullable();

/** `POST /api/product-lists` and `PATCH /api/product-lists/{id}`: each optional, absent left as it is. */
export const listSurpriseSchema = z.object({
  surprise: z.boolean({ error: 'invalid-boolean' }).optional(),
  revealAt: revealAtSchema.optional(),
  revealed: z.boolean({ error: 'invalid-boolean' }).optional(),
});
export type ListSurpriseChange = z.output<typeof listSurpriseSchema>;

/** `recipient` on `POST` / `PATCH /api/product-lists`. Error: `invalid-recipient`. */
export const listRecipientSchema = z.enum(LIST_RECIPIENTS, { error: 'invalid-recipient' });
export const listRecipientFieldSchema = z.object({ recipient: listRecipientSchema.optional() });

/** `POST /api/product-lists/{id}/managers`. Error: `invalid-email`. */
export const inviteManagerRequestSchema = z.object({ email: emailSchema.max(254, { message: 'invalid-email' }) });
export type InviteManagerRequest = z.input<typeof inviteManagerRequestSchema>;

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
