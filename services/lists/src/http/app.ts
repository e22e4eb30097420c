import {
  createMailer,
  createRateLimit,
  createService,
  HttpError,
  optionalIdentity,
  requireIdentity,
  requireService,
  validateShape,
  type Logger,
  type Mailer,
  type Service,
} from '@wishlist/service-kit';
import type { Request, RequestHandler, Response } from 'express';
import type { ListsConfig } from '../config';
import { eraseUser } from '../domain/erasure';
import { addFavorite, favoritesList, removeFavorite } from '../domain/favorites';
import { claim, ClaimConflict, lookupProducts, release } from '../domain/offerings';
import { listReadCache, type JsonBody } from '../domain/listReadCache';
import { createList, deleteList, listsOf, readListBody, reorder, resetShareLink, updateList } from '../domain/productLists';
import {
  changeProduct,
  changeProductInList,
  createProduct,
  deleteProduct,
  deleteProductInList,
  productsOf,
  readProductInList,
} from '../domain/products';
import { setProductLists } from '../domain/placements';
import { createImagesRouter } from '../images';
import { createPagesRouter } from '../pages';
import { IMPORT_PATH, listFileRoutes } from './listFiles';
import { createReminderSweeper, type ReminderSweeper } from '../reminders/sweep';
import { readUnsubscribe, unsubscribe, unsubscribePage, type UnsubscribeState } from '../reminders/unsubscribe';
import { usersApi, type UsersApi } from '../reminders/users';
import { claimBody, listsQuery, lookupBody, objectBody, orderingBody, userIdParams } from './requests';
import { priceWatchRoutes } from './priceWatch';
import { managerRoutes } from '../managers/routes';
import { createInvitationSender, type InvitationSender } from '../managers/sender';
import { keepersOf } from '../managers/internal';
import { giftOccasionRoutes } from './giftOccasions';
import { createPriceAlertSender, type PriceAlertSender } from '../priceWatch/alerts';
import { createPriceWatchJob, priceWatchRunBudgetMs, type PriceWatchJob } from '../priceWatch/job';
import { pagePriceReader } from '../priceWatch/pagePrice';
import { createPriceWatch, type PriceReader, type PriceWatch } from '../priceWatch/watch';

const userOf = (req: Request) => req.identity!.userId;
const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/** Answers of /api change with every write: never cached by browsers or proxies. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * A serialized answer as it is, with its precomputed ETag (no re-serializing, no hashing per
 * request); 304 without a body when the client already holds it (If-None-Match).
 */
function sendJson(req: Request, res: Response, body: JsonBody): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', body.etag);
  if (req.headers['if-none-match'] !== undefined && req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', body.bytes.length);
  res.end(req.method === 'HEAD' ? undefined : body.bytes);
}

/** The unsubscribe page for a browser (the mail's link), the JSON answer for anything else. */
function sendUnsubscribe(req: Request, res: Response, state: UnsubscribeState): void {
  if (req.accepts(['json', 'html']) === 'html') {
    res.type('html').send(unsubscribePage(state));
    return;
  }
  const { lang: _lang, ...data } = state;
  res.json({ data });
}

export interface ListsService extends Service {
  reminders: ReminderSweeper;
  /** Invitations to keep a list: sends the mails due (also after each invitation, and on each sweep). */
  invitations: InvitationSender;
  /** Price watch: one run of its job (`run`), the owner's check; `priceAlerts.deliver` sends the mails due. */
  priceWatch: PriceWatch;
  priceAlerts: PriceAlertSender;
  priceJob: PriceWatchJob;
  /** Sweeps occasion reminders now, then every REMINDER_SWEEP_SECONDS. */
  start(): void;
  stop(): Promise<void>;
}

/** The lists service (ARCHITECTURE §4): lists, products, ordering, offered flags, favorites, occasion reminders. */
export function createListsService(
  config: ListsConfig,
  deps: { logger?: Logger; users?: UsersApi; mailer?: Mailer; now?: () => Date; priceReader?: PriceReader } = {},
): ListsService {
  listReadCache.setTtl(config.listReadCacheMs);
  const now = deps.now ?? (() => new Date());
  const priceReader = deps.priceReader ?? pagePriceReader(config);
  let alertsQueued: () => void = () => undefined;
  const priceWatch = createPriceWatch({
    reader: priceReader,
    settings: { shopIntervalMs: config.priceWatchShopIntervalMs, batch: config.priceWatchBatch, runBudgetMs: priceWatchRunBudgetMs(config) },
    onAlerts: () => alertsQueued(),
    now,
  });
  // A change that can make a reminder due (a date, a restore, a new follower) sweeps at once in a
  // started service rather than at the next interval; the sweep's claims keep it to one mail.
  let remindersChanged: () => void = () => undefined;
  let invitationsDue: () => Promise<void> = async () => undefined;
  const service = createService({
    name: 'lists',
    config,
    logger: deps.logger,
    ownBodyPaths: [IMPORT_PATH],
    routes(router, { logger }) {
      router.use(createImagesRouter(config)); // GET /api/images/{token}: cached by browsers, before no-store
      router.use('/api', noStore);
      router.use(createPagesRouter(config, { logger })); // POST /api/pages, /api/pages/metadata
      const signedIn = requireIdentity();
      const body = validateShape({ body: objectBody });
      const limits = { maxProductsPerAccount: config.maxProductsPerAccount, maxFavoritesPerAccount: config.maxFavoritesPerAccount };
      // Counted in the lists database, so every instance of the service shares one count.
      const creationRate = createRateLimit({
        name: 'product-creation-per-account',
        windowMs: config.productCreationWindowMs,
        limit: config.productCreationLimit,
        key: (req) => `products:${userOf(req)}`,
        message: 'You added a lot of products in a short time. Wait a few minutes, then add this one again.',
      });

      // Counted per client on reads by id that find nothing (404): a visitor follows links that
      // exist, so only someone trying ids meets it. Answers that found something are not counted.
      const missRate = createRateLimit({
        name: 'list-misses-per-client',
        windowMs: config.listMissWindowMs,
        limit: config.listMissLimit,
        counts: (_req, res) => res.statusCode === 404,
        message: 'Too many links to lists that do not exist were opened from your connection. Wait a few minutes, then try again.',
      });

      // An import writes a whole list at once: a few per account and window. It also counts as one
      // creation, so an account already held back by the creation limit cannot import either.
      const importRate = createRateLimit({
        name: 'list-imports-per-account',
        windowMs: config.importWindowMs,
        limit: config.importLimit,
        key: (req) => `imports:${userOf(req)}`,
        message: 'You imported several lists in a short time. Wait a few minutes, then import this file again.',
      });

      // Export and import (before the routes that take a list id)
      listFileRoutes(router, { signedIn, limits, rateLimits: [creationRate, importRate], missRate });

      // Lists
      router.get('/api/product-lists', signedIn, async (req, res) => {
        const query = listsQuery.safeParse(req.query);
        if (!query.success) throw HttpError.badRequest('summary is 1 or 0.', 'invalid_query');
        const summary = query.data.summary === '1' || query.data.summary === 'true';
        res.json({ data: await listsOf(req.identity!, { summary }) });
      });
      router.post('/api/product-lists', signedIn, body, async (req, res) => {
        res.status(201).json({ data: await createList(userOf(req), req.body) });
        remindersChanged();
      });
      // Read by someone not signed in (a shared link), the answer is the same for everyone: a shared
      // cache may reuse it briefly (s-maxage); browsers revalidate it every time (max-age=0, ETag).
      const publicRead = config.publicListSharedMaxAgeS > 0 ? `max-age=0, s-maxage=${config.publicListSharedMaxAgeS}` : undefined;
      router.get('/api/product-lists/:id', missRate, optionalIdentity(), async (req, res) => {
        const body = await readListBody(param(req, 'id'), req.identity?.userId);
        if (publicRead && !req.identity) res.setHeader('Cache-Control', publicRead);
        sendJson(req, res, body);
      });
      router.patch('/api/product-lists/:id', signedIn, body, async (req, res) => {
        res.json({ data: await updateList(userOf(req), param(req, 'id'), req.body) });
        remindersChanged();
      });
      router.delete('/api/product-lists/:id', signedIn, async (req, res) => {
        await deleteList(userOf(req), param(req, 'id'));
        res.status(204).end();
      });
      router.put('/api/product-lists/:id/products-ordering', signedIn, validateShape({ body: orderingBody }), async (req, res) => {
        res.json({ data: await reorder(userOf(req), param(req, 'id'), (req.body as { products: string[] }).products) });
      });

      router.post('/api/product-lists/:id/share-link', signedIn, async (req, res) => {
        res.json({ data: await resetShareLink(userOf(req), param(req, 'id')) });
      });

      // Products of a list
      router.get('/api/product-lists/:listId/products/:productId', missRate, optionalIdentity(), async (req, res) => {
        res.json({ data: await readProductInList(param(req, 'listId'), param(req, 'productId'), req.identity?.userId) });
      });
      router.patch('/api/product-lists/:listId/products/:productId', signedIn, body, async (req, res) => {
        res.json({ data: await changeProductInList(userOf(req), param(req, 'listId'), param(req, 'productId'), req.body) });
      });
      router.delete('/api/product-lists/:listId/products/:productId', signedIn, async (req, res) => {
        await deleteProductInList(userOf(req), param(req, 'listId'), param(req, 'productId'));
        res.status(204).end();
      });

      // Products of the caller's lists
      router.get('/api/products-in-lists', signedIn, async (req, res) => {
        res.json({ data: await productsOf(userOf(req)) });
      });
      router.post('/api/products-in-lists', signedIn, creationRate, body, async (req, res) => {
        res.status(201).json({ data: await createProduct(userOf(req), req.body, limits) });
      });
      router.patch('/api/products-in-lists/:id', signedIn, body, async (req, res) => {
        res.json({ data: await changeProduct(userOf(req), param(req, 'id'), req.body) });
      });
      router.put('/api/products-in-lists/:id/lists', signedIn, body, async (req, res) => {
        res.json({ data: await setProductLists(userOf(req), param(req, 'id'), req.body) });
      });
      router.delete('/api/products-in-lists/:id', signedIn, async (req, res) => {
        await deleteProduct(userOf(req), param(req, 'id'));
        res.status(204).end();
      });

      // Favorites
      router.get('/api/favorites', signedIn, async (req, res) => {
        res.json({ data: await favoritesList(userOf(req)) });
      });
      router.put('/api/favorites/:id', signedIn, missRate, async (req, res) => {
        await addFavorite(userOf(req), param(req, 'id'), limits);
        res.status(204).end();
        remindersChanged();
      });
      router.delete('/api/favorites/:id', signedIn, async (req, res) => {
        await removeFavorite(userOf(req), param(req, 'id'));
        res.status(204).end();
      });

      // The unsubscribe link of an occasion reminder, opened without signing in: reading it
      // changes nothing; its POST (the page's button, or a mail client's one-click) unsubscribes.
      router.get('/api/favorites/reminders/:token', missRate, async (req, res) => {
        sendUnsubscribe(req, res, await readUnsubscribe(param(req, 'token')));
      });
      router.post('/api/favorites/reminders/:token', missRate, async (req, res) => {
        sendUnsubscribe(req, res, await unsubscribe(param(req, 'token')));
      });

      // The people who keep a list with its owner, and the invitation link
      const inviteRate = createRateLimit({
        name: 'manager-invitations-per-account',
        windowMs: config.productCreationWindowMs,
        limit: 30,
        key: (req) => `invitations:${userOf(req)}`,
        message: 'You sent many invitations in a short time. Wait a few minutes, then invite this person again.',
      });
      managerRoutes(router, { missRate, inviteRate, afterInvite: () => invitationsDue() });

      // Price watch: the owner's check, favorites' opt-in, the alert mail's opt-out
      priceWatchRoutes(router, { config, watch: priceWatch, missRate, afterCheck: () => alertsQueued() });

      // Internal: the offers service
      const offers = requireService(['offers']);
      router.post('/internal/products/lookup', offers, validateShape({ body: lookupBody }), async (req, res) => {
        res.json({ data: await lookupProducts((req.body as { ids: string[] }).ids) });
      });
      router.post('/internal/products/claim', offers, validateShape({ body: claimBody }), async (req, res) => {
        const { ids, offeringId, quantities } = req.body as { ids: string[]; offeringId: string; quantities?: Record<string, number> };
        try {
          await claim(ids, offeringId, quantities);
        } catch (err) {
          if (!(err instanceof ClaimConflict)) throw err;
          res.status(409).json({ error: { code: err.code, message: err.message }, conflicts: err.conflicts });
          return;
        }
        res.json({ data: { claimed: [...new Set(ids)], offeringId } });
      });
      router.post('/internal/products/release', offers, validateShape({ body: claimBody }), async (req, res) => {
        const { ids, offeringId } = req.body as { ids: string[]; offeringId: string };
        res.json({ data: { released: await release(ids, offeringId) } });
      });
      router.get('/internal/product-lists/:id/keepers', offers, async (req, res) => {
        res.json({ data: await keepersOf(param(req, 'id')) });
      });
      giftOccasionRoutes(router);

      // Internal: the auth service (account erasure)
      router.post('/internal/users/:userId/erase', requireService(['auth']), validateShape({ params: userIdParams }), async (req, res) => {
        const email = (req.body as { email?: unknown } | undefined)?.email;
        const deleted = await eraseUser((req.params as { userId: string }).userId, new Date(), typeof email === 'string' ? email : undefined);
        res.json({ data: { erased: true, deleted } });
      });
    },
  });

  const users = deps.users ?? usersApi(config.authUrl, { timeoutMs: config.internalTimeoutMs });
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, logger: service.logger });
  const reminders = createReminderSweeper({ users, mailer, publicUrl: config.publicUrl, logger: service.logger, now: deps.now });
  const priceAlerts = createPriceAlertSender({ users, mailer, publicUrl: config.publicUrl, logger: service.logger, now: deps.now });
  const priceJob = createPriceWatchJob({ config, watch: priceWatch, alerts: priceAlerts, logger: service.logger });
  alertsQueued = priceJob.alertsQueued;
  const invitations = createInvitationSender({ users, mailer, publicUrl: config.publicUrl, logger: service.logger, now: deps.now });
  invitationsDue = () =>
    invitations.deliver().then(
      () => undefined,
      (err) => service.logger.error({ err }, 'invitation mails failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  const tick = () => {
    // One sweep at a time in a copy (copies share the work through their claims); a change
    // arriving during a sweep gets one more sweep after it.
    if (running) {
      again = true;
      return;
    }
    running = Promise.all([reminders.sweep(), invitations.deliver()])
      .catch((err) => service.logger.error({ err }, 'reminder sweep failed'))
      .finally(() => {
        running = undefined;
        if (again && timer) {
          again = false;
          tick();
        }
      });
  };
  remindersChanged = () => {
    if (timer) tick();
  };
  return {
    ...service,
    reminders,
    invitations,
    priceWatch,
    priceAlerts,
    priceJob,
    start() {
      priceJob.start();
      if (timer) return;
      timer = setInterval(tick, config.reminderSweepSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      await priceJob.stop();
      await priceReader.close?.();
      if (timer) clearInterval(timer);
      timer = undefined;
      again = false;
      await running;
    },
  };
}
