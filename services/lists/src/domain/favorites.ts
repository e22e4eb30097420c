import { HttpError } from '@wishlist/service-kit';
import type { Favorite } from '@wishlist/contracts';
import { addFavorite as addFavoriteRecord, favoritesOf, removeFavorite as removeFavoriteRecord } from '../data/favorites';
import { findLists, productsOfLists } from '../data/lists';
import { assertNotErased, listNotFound } from './productLists';
import { existingList } from './products';
import { byList, isObjectId, orderProducts, withPicture } from './present';

export const OWN_LIST_FAVORITE_MESSAGE = 'Your own lists are always at hand: only the lists of others can be favorites.';

/**
 * GET /api/favorites: others' lists the caller follows, oldest favorite first; never their own.
 * Each carries its product count, first picture and the date it was favorited, so that several
 * lists all named "My wish list" can be told apart; nothing about the owner.
 */
export async function favoritesList(userId: string): Promise<Favorite[]> {
  const favorites = await favoritesOf(userId);
  const found = (await findLists(favorites.map((f) => String(f.listId)))).filter((l) => l.ownerId !== userId);
  const lists = new Map(found.map((l) => [String(l._id), l]));
  const products = byList(await productsOfLists(found.map((l) => l._id)));
  const out: Favorite[] = [];
  for (const f of favorites) {
    const list = lists.get(String(f.listId));
    if (!list) continue;
    const ordered = orderProducts(list, products.get(String(list._id)) ?? []);
    out.push({
      id: String(list._id),
      name: list.name,
      productCount: ordered.length,
      image: ordered[0]?.image ?? null,
      ...withPicture(ordered[0]?.image),
      favoritedAt: new Date(f.createdAt).toISOString(),
    });
  }
  return out;
}

/** PUT /api/favorites/{id}: idempotent; unknown list 404; own list 422. */
export async function addFavorite(userId: string, listId: string): Promise<void> {
  const list = await existingList(listId);
  if (list.ownerId === userId) throw HttpError.unprocessable({ productList: OWN_LIST_FAVORITE_MESSAGE }, OWN_LIST_FAVORITE_MESSAGE);
  await assertNotErased(userId);
  await addFavoriteRecord(userId, listId);
}

/** DELETE /api/favorites/{id}: idempotent (removing a favorite that is not there is fine). */
export async function removeFavorite(userId: string, listId: string): Promise<void> {
  if (!isObjectId(listId)) throw listNotFound();
  await removeFavoriteRecord(userId, listId);
}
