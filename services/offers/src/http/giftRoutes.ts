import { GIFT_COST_MAX, GIFT_NOTE_MAX, GIFTS_TOKEN_HEADER, type GiftChange } from '@wishlist/contracts';
import { createRateLimit, optionalIdentity, requireIdentity, validateFields, validateShape } from '@wishlist/service-kit';
import type { Request, Router } from 'express';
import { z } from 'zod';
import type { OffersConfig } from '../config';
import type { Gifts } from '../domain/gifts';
import { multiLine } from '../domain/text';
import { offeringIdParams } from './requests';

const tokenHeader = GIFTS_TOKEN_HEADER.toLowerCase();

/** `PATCH /api/gifts/{id}`: JSON types only (400 otherwise). */
const changeShape = z.object({
  stage: z.string().nullable().optional(),
  note: z.string().max(100_000).nullable().optional(),
  cost: z.number().nullable().optional(),
});

/** `PATCH /api/gifts/{id}`: the rules (422 `{ errors: { field: code } }`). */
const changeFields = z.object({
  stage: z.enum(['bought', 'given'], { message: 'invalid-stage' }).nullable().optional(),
  note: z
    .string()
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : multiLine(v ?? '')))
    .pipe(z.string().max(GIFT_NOTE_MAX, { message: 'too-long' }).optional()),
  cost: z
    .number()
    .int({ message: 'invalid-cost' })
    .min(0, { message: 'invalid-cost' })
    .max(GIFT_COST_MAX, { message: 'invalid-cost' })
    .nullable()
    .optional(),
});

/**
 * The link's token (`X-Gifts-Token`), null when none was sent. An empty or implausible one is
 * still a token: it answers 404 like a wrong one.
 */
function giftsToken(req: Request): string | null {
  const header = req.headers[tokenHeader];
  if (typeof header !== 'string') return null;
  return header.trim().slice(0, 200);
}

/**
 * The giver's "My gifts" routes: signed in (`GET /api/gifts`) or through the mailed link
 * (`GET /api/gifts/by-link`, the token in `X-Gifts-Token`); the giver's own marks and withdrawal
 * accept either. Only 404s are counted by the per-client limit (a token is 128 bits: the limit
 * keeps guessing cheap to refuse, and a giver editing notes never meets it).
 */
export function giftRoutes(router: Router, gifts: Gifts, config: OffersConfig): void {
  const missLimit = createRateLimit({
    name: 'gifts-link',
    windowMs: config.offeringRateWindowSeconds * 1000,
    limit: config.giftsMissRatePerClient,
    counts: (_req, res) => res.statusCode === 404,
    message: 'Too many wrong links from your network. Try again in a few minutes.',
  });

  router.get('/api/gifts', requireIdentity(), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await gifts.ofAccount(req.identity!.userId) });
  });

  router.get('/api/gifts/by-link', missLimit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await gifts.byLink(giftsToken(req) ?? '') });
  });

  router.patch(
    '/api/gifts/:id',
    missLimit,
    optionalIdentity(),
    validateShape({ params: offeringIdParams, body: changeShape }),
    validateFields(changeFields),
    async (req, res) => {
      const giver = await gifts.giver(giftsToken(req), req.identity?.userId ?? null);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ data: await gifts.change(giver, String(req.params.id), req.body as GiftChange) });
    },
  );

  router.post('/api/gifts/:id/withdrawal', missLimit, optionalIdentity(), validateShape({ params: offeringIdParams }), async (req, res) => {
    const giver = await gifts.giver(giftsToken(req), req.identity?.userId ?? null);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await gifts.withdraw(giver, String(req.params.id)) });
  });
}
