import {
  createMailer,
  createRateLimit,
  createService,
  errorBody,
  optionalIdentity,
  requireIdentity,
  requireService,
  validateFields,
  validateShape,
  type Logger,
  type Mailer,
  type Service,
} from '@wishlist/service-kit';
import type { ErrorRequestHandler } from 'express';
import type { OffersConfig } from '../config';
import { pickLanguage } from '../domain/language';
import { AlreadyOfferedError, createOfferingService, UnknownProductsError, type OfferingService } from '../domain/offerings';
import { listsApi, usersApi, type ListsApi, type UsersApi } from '../domain/upstreams';
import {
  createOfferingFields,
  createOfferingShape,
  giveAddressFields,
  giveAddressShape,
  offeringIdParams,
  userIdParams,
  type CreateOfferingBody,
} from './requests';

export interface OffersService extends Service {
  offerings: OfferingService;
  /** Starts the sweep timer (main.ts): interrupted creations, pending releases, mail retries. */
  start(): void;
  stop(): Promise<void>;
}

export interface OffersDeps {
  mailer?: Mailer;
  logger?: Logger;
  lists?: ListsApi;
  users?: UsersApi;
  now?: () => Date;
}

/** The two answers the kit's error mapping cannot express: they carry the product ids. */
const offeringErrors: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof AlreadyOfferedError) {
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
  const service = createService({
    name: 'offers',
    config,
    logger: deps.logger,
    routes(router, { logger }) {
      const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, logger });
      offerings = createOfferingService({
        lists: deps.lists ?? listsApi(config.listsUrl, { timeoutMs: config.internalTimeoutMs, logger }),
        users: deps.users ?? usersApi(config.authUrl, { timeoutMs: config.internalTimeoutMs }),
        mailer,
        publicUrl: config.publicUrl,
        unfinishedAfterMs: config.unfinishedAfterSeconds * 1000,
        logger,
        now: deps.now,
      });
      const service = offerings;

      const creationLimit = createRateLimit({
        name: 'offering-creation',
        windowMs: config.offeringRateWindowSeconds * 1000,
        limit: config.offeringRatePerClient,
        message: 'Too many offers were sent from your network. Try again in a few minutes.',
      });

      router.post(
        '/api/offerings',
        creationLimit,
        optionalIdentity(),
        validateShape({ body: createOfferingShape }),
        validateFields(createOfferingFields),
        async (req, res) => {
          const body = req.body as CreateOfferingBody;
          const ids = await service.create({
            products: body.products,
            isExpectingAddress: body.isExpectingAddress,
            offererEmail: body.offererEmail,
            offererIdentity: body.offererIdentity,
            offererMessage: body.offererMessage,
            offererUserId: req.identity?.userId ?? null,
            lang: pickLanguage(body.language, req.headers['accept-language'], req.identity?.lang ?? 'en'),
          });
          res.setHeader('Cache-Control', 'no-store');
          res.status(201).json({ data: { id: ids[0], ids } });
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

      router.post('/internal/users/:userId/erase', requireService(['auth']), validateShape({ params: userIdParams }), async (req, res) => {
        const erased = await service.erase(String(req.params.userId));
        res.json({ data: { erased: true, ...erased } });
      });

      router.use(offeringErrors);
    },
  });

  const sweeper = offerings!;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = sweeper
      .sweep()
      .catch((err) => service.logger.error({ err }, 'offering sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    ...service,
    offerings: sweeper,
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
