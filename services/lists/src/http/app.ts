import { createRateLimit, createService, optionalIdentity, requireIdentity, requireService, validateShape, type Logger, type Service } from '@wishlist/service-kit';
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
import { createImagesRouter } from '../images';
import { createPagesRouter } from '../pages';
import { claimBody, lookupBody, objectBody, orderingBody, userIdParams } from './requests';

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

/** The lists service (ARCHITECTURE §4): lists, products, ordering, offered flags, favorites. */
export function createListsService(config: ListsConfig, deps: { logger?: Logger } = {}): Service {
  listReadCache.setTtl(config.listReadCacheMs);
  return createService({
    name: 'lists',
    config,
    logger: deps.logger,
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

      // Lists
      router.get('/api/product-lists', signedIn, async (req, res) => {
        res.json({ data: await listsOf(req.identity!) });
      });
      router.post('/api/product-lists', signedIn, body, async (req, res) => {
        res.status(201).json({ data: await createList(userOf(req), req.body) });
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
      router.get('/api/product-lists/:listId/products/:productId', missRate, async (req, res) => {
        res.json({ data: await readProductInList(param(req, 'listId'), param(req, 'productId')) });
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
      });
      router.delete('/api/favorites/:id', signedIn, async (req, res) => {
        await removeFavorite(userOf(req), param(req, 'id'));
        res.status(204).end();
      });

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

      // Internal: the auth service (account erasure)
      router.post('/internal/users/:userId/erase', requireService(['auth']), validateShape({ params: userIdParams }), async (req, res) => {
        const deleted = await eraseUser((req.params as { userId: string }).userId);
        res.json({ data: { erased: true, deleted } });
      });
    },
  });
}
