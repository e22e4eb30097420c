import { z } from 'zod';
import { ID_PATTERN } from '../domain/ids';
import { multiLine, singleLine } from '../domain/text';

// 400: the request is malformed (a client bug: wrong JSON types). 422: a value breaks a rule.

export const OFFERER_IDENTITY_MAX = 100;
export const OFFERER_MESSAGE_MAX = 2000;
export const ADDRESS_MAX = 500;
export const PRODUCTS_MAX = 50;
export const UNITS_MAX = 99;

/** A basket line: a product id alone (one unit) or `{ id, quantity }`. */
const lineShape = z.union([z.string(), z.object({ id: z.string(), quantity: z.unknown().optional() })]);

/** `POST /api/offerings`: JSON types only. */
export const createOfferingShape = z.object({
  isExpectingAddress: z.boolean(),
  products: z.array(lineShape).max(1000),
  offererEmail: z.string().max(10_000).optional(),
  offererIdentity: z.string().max(100_000).nullish(),
  offererMessage: z.string().max(100_000).nullish(),
  language: z.enum(['en', 'fr']).optional(),
});

/**
 * One plain address (no list, no display name, no quoting), at most 254 characters: the SPEC §5
 * rule plus what mail delivery needs, so nothing can be injected into a mail header through it.
 */
export const MAILBOX =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** An address as auth stores it (one address, no spaces); the offers' own rule is MAILBOX. */
const MAILBOX_LOOSE = /^[^\s@]+@[^\s@]+$/;

/** `POST /api/offerings`: the rules (422 `{ errors: { field: code } }`). */
export const createOfferingFields = z.object({
  isExpectingAddress: z.boolean(),
  products: z
    .array(lineShape)
    .transform((lines) => lines.map((l) => (typeof l === 'string' ? { id: l.trim(), quantity: 1 as unknown } : { id: l.id.trim(), quantity: l.quantity ?? 1 })))
    .pipe(
      z
        .array(z.object({ id: z.string(), quantity: z.unknown() }))
        .min(1, { message: 'required' })
        .refine((lines) => lines.every((l) => ID_PATTERN.test(l.id)), { message: 'invalid-id' })
        .refine((lines) => lines.every((l) => Number.isInteger(l.quantity) && (l.quantity as number) >= 1 && (l.quantity as number) <= UNITS_MAX), {
          message: 'invalid-quantity',
        })
        .max(PRODUCTS_MAX, { message: 'too-many' })
        .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, { message: 'duplicates' })
        .transform((lines) => lines.map((l) => ({ id: l.id, quantity: l.quantity as number }))),
    ),
  offererEmail: z
    .string({ error: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(254, { message: 'invalid-email' })
    .regex(MAILBOX, { message: 'invalid-email' }),
  offererIdentity: z
    .string()
    .nullish()
    .transform((v) => singleLine(v ?? ''))
    .pipe(z.string().max(OFFERER_IDENTITY_MAX, { message: 'too-long' })),
  offererMessage: z
    .string()
    .nullish()
    .transform((v) => multiLine(v ?? ''))
    .pipe(z.string().max(OFFERER_MESSAGE_MAX, { message: 'too-long' })),
  language: z.enum(['en', 'fr']).optional(),
});
export type CreateOfferingBody = z.output<typeof createOfferingFields>;

export const offeringIdParams = z.object({ id: z.string().regex(ID_PATTERN, 'an offering id') });

/** `POST /api/offerings/{id}/confirmation`: the code from the verification mail's link. */
export const confirmationShape = z.object({ code: z.string().max(200) });

/** The header that carries the token of a withdrawal link (never the query string: it would reach logs). */
export const WITHDRAWAL_TOKEN_HEADER = 'x-withdrawal-token';

/** `POST /api/offerings/{id}/withdrawal`: the token may come in the body instead of the header. */
export const withdrawalShape = z.object({ token: z.string().max(200).optional() }).optional();

export const giveAddressShape = z.object({ address: z.string().max(100_000) });

export const giveAddressFields = z.object({
  address: z
    .string()
    .transform(multiLine)
    .pipe(z.string().min(1, { message: 'required' }).max(ADDRESS_MAX, { message: 'too-long' })),
});

export const userIdParams = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a user id') });

/**
 * `POST /internal/users/{userId}/erase`: optionally the deleted account's address (auth's normal
 * form), to erase the offers made with it while signed out. No body erases by user id only.
 */
export const eraseShape = z
  .object({ email: z.string().trim().toLowerCase().min(3).max(254).regex(MAILBOX_LOOSE, 'an e-mail address').optional() })
  .optional();

// Group gifts (`/api/pledges`, `/api/group-gifts`).

export const PLEDGER_NAME_MAX = 100;
/** Cents: far above any price, so that sums stay exact integers. */
export const PLEDGE_AMOUNT_MAX = 100_000_000;

/** `POST /api/pledges`: JSON types only. */
export const createPledgeShape = z.object({
  productId: z.string().max(200),
  name: z.string().max(10_000).nullish(),
  email: z.string().max(10_000).nullish(),
  amount: z.unknown(),
  message: z.string().max(100_000).nullish(),
  language: z.enum(['en', 'fr']).optional(),
});

/** `POST /api/pledges`: the rules (422 `{ errors: { field: code } }`); the minimum is the domain's (it depends on what remains). */
export const createPledgeFields = z.object({
  productId: z.string().trim().regex(ID_PATTERN, { message: 'invalid-id' }),
  name: z
    .string({ error: 'required' })
    .nullish()
    .transform((v) => singleLine(v ?? ''))
    .pipe(z.string().min(1, { message: 'required' }).max(PLEDGER_NAME_MAX, { message: 'too-long' })),
  email: z
    .string({ error: 'required' })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().min(1, { message: 'required' }).max(254, { message: 'invalid-email' }).regex(MAILBOX, { message: 'invalid-email' })),
  amount: z
    .number({ error: 'invalid-amount' })
    .int({ error: 'invalid-amount' })
    .min(1, { error: 'invalid-amount' })
    .max(PLEDGE_AMOUNT_MAX, { error: 'invalid-amount' }),
  message: z
    .string()
    .nullish()
    .transform((v) => multiLine(v ?? ''))
    .pipe(z.string().max(OFFERER_MESSAGE_MAX, { message: 'too-long' })),
  language: z.enum(['en', 'fr']).optional(),
});
export type CreatePledgeBody = z.output<typeof createPledgeFields>;

export const pledgeIdParams = z.object({ id: z.string().regex(ID_PATTERN, 'a pledge id') });

/** The header that carries the token of a pledger's link (never the query string: it would reach logs). */
export const PLEDGE_TOKEN_HEADER = 'x-pledge-token';

/** Confirmation and withdrawal: the token may come in the body instead of the header. */
export const pledgeTokenShape = z.object({ token: z.string().max(200).optional() }).optional();

/** `GET /api/group-gifts?products=id,id`: at most 100 product ids. */
export const groupGiftsQuery = z.object({
  products: z
    .string()
    .max(10_000)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().regex(ID_PATTERN)).min(1).max(100)),
});
