import { createRateLimit, HttpError, optionalIdentity, validateFields, validateShape } from '@wishlist/service-kit';
import type { Request, Router } from 'express';
import type { OffersConfig } from '../config';
import { pickLanguage } from '../domain/language';
import type { Pledges } from '../domain/pledges';
import {
  createPledgeFields,
  createPledgeShape,
  groupGiftsQuery,
  PLEDGE_TOKEN_HEADER,
  pledgeIdParams,
  pledgeTokenShape,
  type CreatePledgeBody,
} from './requests';

/** The token of a pledger's link: `X-Pledge-Token`, else the body's `token` (POST). A wrong one answers 404. */
function pledgeToken(req: Request): string {
  const header = req.headers[PLEDGE_TOKEN_HEADER];
  const fromBody = (req.body as { token?: string } | undefined)?.token;
  const token = typeof header === 'string' && header !== '' ? header : fromBody;
  if (typeof token !== 'string' || token.trim() === '' || token.length > 200) {
    throw HttpError.badRequest('The pledge token is missing: send it in the X-Pledge-Token header.');
  }
  return token.trim();
}

/** Group gifts: visitors pledge parts of a product's price (no account), confirmed from a mailed link. */
export function pledgeRoutes(router: Router, pledges: Pledges, config: OffersConfig): void {
  const window = config.offeringRateWindowSeconds * 1000;
  const creationLimit = createRateLimit({
    name: 'pledge-creation',
    windowMs: window,
    limit: config.pledgeRatePerClient,
    message: 'Too many pledges were sent from your network. Try again in a few minutes.',
  });
  // Tokens are 128 bits (not guessable); the limit keeps the routes cheap to serve.
  const tokenLimit = createRateLimit({
    name: 'pledge-token',
    windowMs: window,
    limit: config.confirmationRatePerClient,
    message: 'Too many attempts from your network. Try again in a few minutes.',
  });

  router.post('/api/pledges', creationLimit, validateShape({ body: createPledgeShape }), validateFields(createPledgeFields), async (req, res) => {
    const body = req.body as CreatePledgeBody;
    const pledge = await pledges.create({
      productId: body.productId,
      name: body.name,
      email: body.email,
      amount: body.amount,
      message: body.message,
      lang: pickLanguage(body.language, req.headers['accept-language']),
    });
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({ data: pledge });
  });

  router.get('/api/pledges/:id/confirmation', tokenLimit, validateShape({ params: pledgeIdParams }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await pledges.read(String(req.params.id), pledgeToken(req)) });
  });

  router.post('/api/pledges/:id/confirmation', tokenLimit, validateShape({ params: pledgeIdParams, body: pledgeTokenShape }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await pledges.confirm(String(req.params.id), pledgeToken(req)) });
  });

  router.post('/api/pledges/:id/withdrawal', tokenLimit, validateShape({ params: pledgeIdParams, body: pledgeTokenShape }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await pledges.withdraw(String(req.params.id), pledgeToken(req)) });
  });

  router.get('/api/group-gifts', optionalIdentity(), validateShape({ query: groupGiftsQuery }), async (req, res) => {
    const { products } = req.query as unknown as { products: string[] };
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await pledges.totals(products, req.identity?.userId) });
  });
}
