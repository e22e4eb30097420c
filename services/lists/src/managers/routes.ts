import { requireIdentity, validateShape, type createRateLimit } from '@wishlist/service-kit';
import { INVITATION_TOKEN_HEADER } from '@wishlist/contracts';
import type { Request, Router } from 'express';
import { objectBody } from '../http/requests';
import { acceptListInvitation, inviteManager, managersOf, readInvitation, removeListManager } from './managers';

type RateLimit = ReturnType<typeof createRateLimit>;

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);
const tokenOf = (req: Request) => req.get(INVITATION_TOKEN_HEADER) ?? undefined;

/**
 * The keepers of a list (`/api/product-lists/{id}/managers`) and the invitation link
 * (`/api/product-lists/invitations/current`, its token in the X-Invitation-Token header). `afterInvite`
 * sends the mails due (the outbox's claims keep each to one send) and never throws.
 */
export function managerRoutes(router: Router, deps: { missRate: RateLimit; inviteRate: RateLimit; afterInvite: () => Promise<void> }): void {
  const signedIn = requireIdentity();
  const body = validateShape({ body: objectBody });
  router.get('/api/product-lists/:id/managers', signedIn, async (req, res) => {
    res.json({ data: await managersOf(req.identity!.userId, param(req, 'id')) });
  });
  router.post('/api/product-lists/:id/managers', signedIn, deps.inviteRate, body, async (req, res) => {
    // The inviter's language: the one their screen is in (the API client's Accept-Language), else their account's.
    const lang = (req.get('accept-language') ? req.acceptsLanguages('en', 'fr') : false) || req.identity!.lang || 'en';
    const invitation = await inviteManager(req.identity!.userId, param(req, 'id'), req.body, lang);
    // Sent before answering, so that "invited" means mailed; a failure is left to the sweep's retries.
    await deps.afterInvite();
    res.status(201).json({ data: invitation });
  });
  router.delete('/api/product-lists/:id/managers/:managerId', signedIn, async (req, res) => {
    await removeListManager(req.identity!.userId, param(req, 'id'), param(req, 'managerId'));
    res.status(204).end();
  });
  // Opening the link changes nothing: the page asks, the POST (signed in) accepts.
  router.get('/api/product-lists/invitations/current', deps.missRate, async (req, res) => {
    res.json({ data: await readInvitation(tokenOf(req)) });
  });
  router.post('/api/product-lists/invitations/current/accept', deps.missRate, signedIn, async (req, res) => {
    res.json({ data: await acceptListInvitation(req.identity!.userId, tokenOf(req)) });
  });
}
