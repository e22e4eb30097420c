import {
  createMailer,
  createRateLimit,
  createService,
  errorBody,
  HttpError,
  optionalIdentity,
  requireIdentity,
  requireService,
  validateFields,
  validateShape,
  type Logger,
  type Mailer,
  type Service,
} from '@wishlist/service-kit';
import type { ErrorRequestHandler, Request } from 'express';
import type { z } from 'zod';
import type { OffersConfig } from '../config';
import { pickLanguage } from '../domain/language';
import { AlreadyOfferedError, createOfferingService, GroupGiftError, ListArchivedError, UnknownProductsError, type OfferingService } from '../domain/offerings';
import { createPledges, type Pledges } from '../domain/pledges';
import { pledgeRoutes } from './pledgeRoutes';
import { giftRoutes } from './giftRoutes';
import { createGifts, type Gifts } from '../domain/gifts';
import { occasionsApi, type OccasionsApi } from '../domain/giftOccasions';
import { listsApi, usersApi, type ListsApi, type UsersApi } from '../domain/upstreams';
import {
  confirmationShape,
  createOfferingFields,
  createOfferingShape,
  eraseShape,
  giveAddressFields,
  giveAddressShape,
  offeringIdParams,
  userIdParams,
  WITHDRAWAL_TOKEN_HEADER,
  withdrawalShape,
  type CreateOfferingBody,
} from './requests';

export interface OffersService extends Service {
  offerings: OfferingService;
  pledges: Pledges;
  gifts: Gifts;
  /** Starts the sweep timer (main.ts): interrupted creations, pending releases, mail retries. */
  start(): void;
  stop(): Promise<void>;
}

export interface OffersDeps {
  mailer?: Mailer;
  logger?: Logger;
  lists?: ListsApi;
  users?: UsersApi;
  occasions?: OccasionsApi;
  now?: () => Date;
}

/**
 * The token of a withdrawal link: `X-Withdrawal-Token`, else the body's `token` (POST). 400 when
 * missing or not plausible; a wrong one answers 404 like an unknown offering.
 */
function withdrawalToken(req: Request): string {
  const header = req.headers[WITHDRAWAL_TOKEN_HEADER];
  const fromBody = (req.body as { token?: string } | undefined)?.token;
  const token = typeof header === 'string' && header !== '' ? header : fromBody;
  if (typeof token !== 'string' || token.trim() === '' || token.length > 200) {
    throw HttpError.badRequest('The withdrawal token is missing: send it in the X-Withdrawal-Token header.');
  }
  return token.trim();
}

/** The two answers the kit's error mapping cannot express: they carry the product ids. */
const offeringErrors: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof AlreadyOfferedError) {
    res.status(409).json({ ...errorBody(err), conflicts: err.conflicts, available: err.available });
    return;
  }
  if (err instanceof ListArchivedError || err instanceof GroupGiftError) {
    res.status(409).json({ ...errorBody(err), conflicts: err.conflicts });
    return;
  }
  if (err instanceof UnknownProductsError) {
    res.status(422).json({ ...errorBody(err), unknown: err.unknown });
    return;
  }
  next(err);
};

/** The offers service (ARCHITECTURE §4): offerings and their e-mails. */
export function createOffersService(config: OffersConfig, deps: OffersDeps = {}): OffersService {
  let offerings: OfferingService | undefined;
  let pledges: Pledges | undefined;
  let gifts: Gifts | undefined;
  const service = createService({
    name: 'offers',
    config,
    logger: deps.logger,
    routes(router, { logger }) {
      const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, logger });
      const users = deps.users ?? usersApi(config.authUrl, { timeoutMs: config.internalTimeoutMs });
      const lists = deps.lists ?? listsApi(config.listsUrl, { timeoutMs: config.internalTimeoutMs, logger });
      offerings = createOfferingService({
        lists,
        users,
        mailer,
        publicUrl: config.publicUrl,
        unfinishedAfterMs: config.unfinishedAfterSeconds * 1000,
        confirmationMs: config.confirmationHours * 3_600_000,
        logger,
        now: deps.now,
        onGroupGiftRefused: (doc) => pledges!.refused(doc),
      });
      const service = offerings;
      pledges = createPledges({
        lists,
        mailer,
        publicUrl: config.publicUrl,
        confirmationMs: config.pledgeConfirmationHours * 3_600_000,
        logger,
        now: deps.now ?? (() => new Date()),
        sendDueMails: (id) => service.sendDueMails(id),
      });

      gifts = createGifts({
        users,
        occasions: deps.occasions ?? occasionsApi(config.listsUrl, { timeoutMs: config.internalTimeoutMs, logger }),
        mailer,
        publicUrl: config.publicUrl,
        now: deps.now ?? (() => new Date()),
        logger,
        reminderDays: config.giftReminderDays,
        withdraw: (id) => service.withdrawAsGiver(id),
      });
      const giverGifts = gifts;

      const creationLimit = createRateLimit({
        name: 'offering-creation',
        windowMs: config.offeringRateWindowSeconds * 1000,
        limit: config.offeringRatePerClient,
        message: 'Too many offers were sent from your network. Try again in a few minutes.',
      });
      // Confirmation codes are 128 bits (not guessable); the limit keeps the routes cheap to serve.
      const confirmationLimit = createRateLimit({
        name: 'offering-confirmation',
        windowMs: config.offeringRateWindowSeconds * 1000,
        limit: config.confirmationRatePerClient,
        message: 'Too many attempts from your network. Try again in a few minutes.',
      });

      // Per client and offering: the token is 128 bits, the limit keeps a burst on one offering cheap.
      const withdrawalLimit = createRateLimit({
        name: 'offering-withdrawal',
        windowMs: config.offeringRateWindowSeconds * 1000,
        limit: config.withdrawalRatePerClient,
        key: (req) => `${req.clientAddress ?? req.socket.remoteAddress ?? 'unknown'}|${String(req.params.id ?? '')}`,
        message: 'Too many attempts to withdraw this offer. Try again in a few minutes.',
      });

      /**
       * Whether the offer's address is the signed-in person's own account address (validated by
       * signing in with it): then it needs no verification mail. Any doubt (auth unreachable, no
       * account) means the address is confirmed by mail.
       */
      const isOwnAddress = async (userId: string | undefined, email: string): Promise<boolean> => {
        if (!userId) return false;
        try {
          const contact = await users.contact(userId);
          return contact !== null && contact.email.trim().toLowerCase() === email.trim().toLowerCase();
        } catch (err) {
          logger.warn({ err: (err as Error).message }, 'account address unknown; the giver confirms by mail');
          return false;
        }
      };

      router.post(
        '/api/offerings',
        creationLimit,
        optionalIdentity(),
        validateShape({ body: createOfferingShape }),
        validateFields(createOfferingFields),
        async (req, res) => {
          const body = req.body as CreateOfferingBody;
          const { ids, confirmationRequired } = await service.create({
            products: body.products,
            isExpectingAddress: body.isExpectingAddress,
            offererEmail: body.offererEmail,
            offererIdentity: body.offererIdentity,
            offererMessage: body.offererMessage,
            offererUserId: req.identity?.userId ?? null,
            lang: pickLanguage(body.language, req.headers['accept-language'], req.identity?.lang ?? 'en'),
            addressConfirmed: await isOwnAddress(req.identity?.userId, body.offererEmail),
          });
          res.setHeader('Cache-Control', 'no-store');
          res.status(201).json({ data: { id: ids[0], ids, confirmationRequired } });
        },
      );

      // The giver's side of an anonymous offer: no sign-in, the code from the mail is the proof.
      router.post(
        '/api/offerings/:id/confirmation',
        confirmationLimit,
        validateShape({ params: offeringIdParams, body: confirmationShape }),
        async (req, res) => {
          res.setHeader('Cache-Control', 'no-store');
          res.json({ data: await service.confirm(String(req.params.id), (req.body as { code: string }).code) });
        },
      );

      router.post('/api/offerings/:id/verification-mail', confirmationLimit, validateShape({ params: offeringIdParams }), async (req, res) => {
        await service.resendVerification(String(req.params.id));
        res.setHeader('Cache-Control', 'no-store');
        res.status(202).json({ data: { id: String(req.params.id), sent: true } });
      });

      // The giver's way back, from the receipt mail's link: no sign-in, the token is the proof.
      router.get('/api/offerings/:id/withdrawal', confirmationLimit, validateShape({ params: offeringIdParams }), async (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: await service.readWithdrawal(String(req.params.id), withdrawalToken(req)) });
      });

      router.post(
        '/api/offerings/:id/withdrawal',
        confirmationLimit,
        withdrawalLimit,
        validateShape({ params: offeringIdParams, body: withdrawalShape }),
        async (req, res) => {
          res.setHeader('Cache-Control', 'no-store');
          res.json({ data: await service.withdraw(String(req.params.id), withdrawalToken(req)) });
        },
      );

      router.get('/api/offerings/:id', requireIdentity(), validateShape({ params: offeringIdParams }), async (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: await service.read(String(req.params.id), req.identity!.userId) });
      });

      router.patch(
        '/api/offerings/:id',
        requireIdentity(),
        validateShape({ params: offeringIdParams, body: giveAddressShape }),
        validateFields(giveAddressFields),
        async (req, res) => {
          const { address } = req.body as { address: string };
          res.setHeader('Cache-Control', 'no-store');
          res.json({ data: await service.giveAddress(String(req.params.id), req.identity!.userId, address) });
        },
      );

      router.delete('/api/offerings/:id', requireIdentity(), validateShape({ params: offeringIdParams }), async (req, res) => {
        await service.refuse(String(req.params.id), req.identity!.userId);
        res.status(204).end();
      });

      router.post('/internal/users/:userId/erase', requireService(['auth']), validateShape({ params: userIdParams, body: eraseShape }), async (req, res) => {
        const body = req.body as z.output<typeof eraseShape>;
        // What the giver kept is found by the address and account the erasure below takes away.
        await giverGifts.erase(String(req.params.userId), body?.email);
        const erased = await service.erase(String(req.params.userId), body?.email);
        res.json({ data: { erased: true, ...erased } });
      });

      pledgeRoutes(router, pledges, config);
      giftRoutes(router, giverGifts, config);

      router.use(offeringErrors);
    },
  });

  const sweeper = offerings!;
  const pledgeSweeper = pledges!;
  const reminders = gifts!;
  // Reminders are due by the day: looked for less often than the offers' sweep.
  let remindersAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    const remind = Date.now() - remindersAt >= config.giftReminderSweepSeconds * 1000;
    if (remind) remindersAt = Date.now();
    running = Promise.all([sweeper.sweep(), pledgeSweeper.sweep(), remind ? reminders.remindGivers() : 0])
      .catch((err) => service.logger.error({ err }, 'offering sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    ...service,
    offerings: sweeper,
    pledges: pledgeSweeper,
    gifts: reminders,
    start() {
      if (timer) return;
      timer = setInterval(tick, config.sweepIntervalSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
