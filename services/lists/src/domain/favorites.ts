import { HttpError } from '@wishlist/service-kit';
import type { Favorite } from '@wishlist/contracts';
import { addFavorite as addFavoriteRecord, countFavoritesOf, favoritesOf, hasFavorite, removeFavorite as removeFavoriteRecord } from '../data/favorites';
import { listSummaries } from '../data/lists';
import { findProducts } from '../data/products';
import { remindLateFollower } from '../data/reminders';
import type { AccountLimits } from './limits';
import { assertNotErased, listNotFound } from './productLists';
import { existingList } from './products';
import { isObjectId, withPicture } from './present';

export const OWN_LIST_FAVORITE_MESSAGE = 'Your own lists are always at hand: only the lists of others can be favorites.';

/** 409: as many favorites as an account may keep; the message says what to do. */
export function favoritesFull(max: number): HttpError {
  return HttpError.conflict(
    `You follow ${max.toLocaleString('en-US')} lists, the most one account can keep in favorites. Remove a favorite you no longer need, then add this one again.`,
    'favorites_full',
  );
}

/**
 * GET /api/favorites: others' lists the caller follows, oldest favorite first; never their own.
 * Each carries its product count, first picture and the date it was favorited, so that several
 * lists all named "My wish list" can be told apart; nothing about the owner. No list's products
 * are loaded: the count and the first product come from each list's order, then one read of
 * those first products (at most one per favorite).
 */
export async function favoritesList(userId: string): Promise<Favorite[]> {
  const favorites = await favoritesOf(userId);
  const found = (await listSummaries(favorites.map((f) => String(f.listId)))).filter((l) => l.ownerId !== userId);
  const lists = new Map(found.map((l) => [String(l._id), l]));
  const firstIds = found.flatMap((l) => (l.firstProductId ? [String(l.firstProductId)] : []));
  const firsts = new Map((await findProducts(firstIds)).map((p) => [String(p._id), p]));
  const out: Favorite[] = [];
  for (const f of favorites) {
    const list = lists.get(String(f.listId));
    if (!list) continue;
    const first = list.firstProductId ? firsts.get(String(list.firstProductId)) : undefined;
    out.push({
      id: String(list._id),
      name: list.name,
      productCount: list.productCount,
      image: first?.image ?? null,
      ...(first ? withPicture(String(first._id), first.image) : {}),
      favoritedAt: new Date(f.createdAt).toISOString(),
      priceAlerts: f.priceAlerts === true,
    });
  }
  return out;
}

/**
 * PUT /api/favorites/{id}: idempotent (a favorite already there is fine, even at the cap);
 * unknown list 404; own list 422; a new one beyond the cap 409. Concurrent adds of different
 * lists each count before they write, so they can pass the cap by at most the adds in flight.
 */
export async function addFavorite(userId: string, listId: string, limits: AccountLimits): Promise<void> {
  const list = await existingList(listId);
  if (list.ownerId === userId) throw HttpError.unprocessable({ productList: OWN_LIST_FAVORITE_MESSAGE }, OWN_LIST_FAVORITE_MESSAGE);
  await assertNotErased(userId);
  if (await hasFavorite(userId, listId)) return;
  if ((await countFavoritesOf(userId)) >= limits.maxFavoritesPerAccount) throw favoritesFull(limits.maxFavoritesPerAccount);
  await addFavoriteRecord(userId, listId);
  await remindLateFollower(userId, list, new Date());
}

/** DELETE /api/favorites/{id}: idempotent (removing a favorite that is not there is fine). */
export async function removeFavorite(userId: string, listId: string): Promise<void> {
  if (!isObjectId(listId)) throw listNotFound();
  await removeFavoriteRecord(userId, listId);
}
