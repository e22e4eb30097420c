import { z } from 'zod';
import { emailSchema } from '@wishlist/contracts';

// 400: the request is malformed (a client bug). 422: a value the person typed breaks a rule.

/**
 * `{ email, tokenName, language?, timeZone? }`: JSON types only; the e-mail rule is a field rule
 * (422). A `timeZone` this runtime does not know is ignored (the mail then states UTC).
 */
export const createTokenShape = z.object({
  email: z.string(),
  tokenName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -, at most 64'),
  language: z.enum(['en', 'fr']).optional(),
  timeZone: z.string().max(100).optional(),
});

/**
 * The SPEC §5 rule shared with the browser, plus what mail delivery needs: one plain address
 * (no list, no display name, no quoting), at most 254 characters. Checked before any use, so no
 * header can be injected through it.
 */
const MAILBOX = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const createTokenFields = z.object({
  email: emailSchema.max(254, { message: 'invalid-email' }).regex(MAILBOX, { message: 'invalid-email' }),
  tokenName: z.string(),
  language: z.enum(['en', 'fr']).optional(),
  timeZone: z.string().optional(),
});

/**
 * `{ tokenName, validationCode }` (PUT /api/tokens, POST /api/tokens/request and /refusal):
 * strings; their content is checked by the domain (422).
 */
export const validateTokenShape = z.object({
  tokenName: z.string().max(1000),
  validationCode: z.string().max(1000),
});

export const revokeTokenShape = z.object({ token: z.string().max(1000) });

export const introspectShape = z.object({ token: z.string().max(4096) });

export const tokenNameParams = z.object({ tokenName: z.string().max(1000) });

/** User ids are ours (ObjectId hex); anything else is a malformed internal call. */
export const userIdParams = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a user id') });

/** A device reference is checked by the domain (404 when not one of the caller's). */
export const deviceIdParams = z.object({ deviceId: z.string().max(200) });
