import { createRateLimit, HttpError, requireIdentity } from '@wishlist/service-kit';
import { isKeeper } from '../domain/keepers';
import type { Request, RequestHandler, Response, Router } from 'express';
import mongoose from 'mongoose';
import type { ListsConfig } from '../config';
import { findList } from '../data/lists';
import { findProduct } from '../data/products';
import { setFavoriteAlerts } from '../data/priceWatch';
import { hasFavorite } from '../data/favorites';
import { listArchived, listNotFound, notYourList } from '../domain/productLists';
import { productNotFound } from '../domain/products';
import { isObjectId, toProductData } from '../domain/present';
import { priceAlertPageTexts } from '../priceWatch/alertMail';
import { readPriceAlertUnsubscribe, unsubscribePriceAlerts, type PriceAlertUnsubscribeState } from '../priceWatch/alerts';
import type { PriceWatch } from '../priceWatch/watch';
import { unsubscribePage } from '../reminders/unsubscribe';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/** The opt-out page for a browser (the mail's link), the JSON answer for anything else. */
function sendAlertUnsubscribe(req: Request, res: Response, state: PriceAlertUnsubscribeState): void {
  if (req.accepts(['json', 'html']) === 'html') {
    res.type('html').send(unsubscribePage(state, priceAlertPageTexts));
    return;
  }
  const { lang: _lang, ...data } = state;
  res.json({ data });
}

/**
 * Price watch's routes (docs/api.md, "Price watch"): the owner's "check the price now", a
 * follower's opt-in on a favorite, and the alert mail's opt-out link.
 */
export function priceWatchRoutes(
  router: Router,
  options: { config: ListsConfig; watch: PriceWatch; missRate: RequestHandler; afterCheck: () => void },
): void {
  const signedIn = requireIdentity();
  const { config, watch } = options;
  // Each check asks a shop for a page: a few per account and hour, counted in the database.
  const checkRate = createRateLimit({
    name: 'price-checks-per-account',
    windowMs: config.priceCheckWindowMs,
    limit: config.priceCheckLimit,
    key: (req) => `price-checks:${req.identity!.userId}`,
    message: 'You checked prices several times in a short time. Wait a while, then check this one again.',
  });

  router.post('/api/products-in-lists/:id/price-check', signedIn, checkRate, async (req, res) => {
    const id = param(req, 'id');
    const product = isObjectId(id) ? await findProduct(id) : null;
    if (!product) throw productNotFound();
    const list = await findList(String(product.listId));
    if (!list) throw listNotFound();
    if (!isKeeper(list, req.identity!.userId)) throw notYourList();
    if (list.archived) throw listArchived();
    const reading = await watch.checkNow(product, 2 * config.priceWatchShopIntervalMs);
    if (reading.outcome === 'shop-busy') {
      const seconds = Math.max(1, Math.ceil((reading.until.getTime() - Date.now()) / 1000));
      throw new HttpError(503, 'shop_busy', 'This shop was asked for pages recently or refused them: its price is checked again later. Try again later.', undefined, seconds);
    }
    options.afterCheck();
    const after = reading.product ?? (await findProduct(id));
    if (!after) throw productNotFound();
    res.json({ data: toProductData(after) });
  });

  router.patch('/api/favorites/:id', signedIn, async (req, res) => {
    const id = param(req, 'id');
    const body = req.body as Record<string, unknown> | undefined;
    const on = body && typeof body === 'object' ? body.priceAlerts : undefined;
    if (typeof on !== 'boolean') throw HttpError.unprocessable({ priceAlerts: 'invalid-boolean' }, 'priceAlerts must be true or false.');
    if (!isObjectId(id) || !(await hasFavorite(req.identity!.userId, id))) {
      throw HttpError.notFound('This list is not one of your favorites.', 'favorite_not_found');
    }
    await setFavoriteAlerts(req.identity!.userId, new mongoose.Types.ObjectId(id), on);
    res.json({ data: { id, priceAlerts: on } });
  });

  // The alert mail's opt-out, opened without signing in: GET asks, POST (RFC 8058) acts.
  router.get('/api/favorites/price-alerts/:token', options.missRate, async (req, res) => {
    sendAlertUnsubscribe(req, res, await readPriceAlertUnsubscribe(param(req, 'token')));
  });
  router.post('/api/favorites/price-alerts/:token', options.missRate, async (req, res) => {
    sendAlertUnsubscribe(req, res, await unsubscribePriceAlerts(param(req, 'token')));
  });
}
