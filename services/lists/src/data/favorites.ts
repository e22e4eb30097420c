import type mongoose from 'mongoose';
import { Favorite, type FavoriteDoc } from './models';

/** The person's favorites, oldest first. */
export async function favoritesOf(userId: string): Promise<FavoriteDoc[]> {
  return (await Favorite.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean().exec()) as FavoriteDoc[];
}

/** Adds a favorite; adding it again changes nothing. */
export async function addFavorite(userId: string, listId: string): Promise<void> {
  await Favorite.init();
  try {
    await Favorite.updateOne({ userId, listId }, { $setOnInsert: { userId, listId } }, { upsert: true }).exec();
  } catch (err) {
    // Two concurrent upserts: the unique index let one in; the other is the same favorite.
    if ((err as { code?: number })?.code !== 11000) throw err;
  }
}

export async function removeFavorite(userId: string, listId: string): Promise<void> {
  await Favorite.deleteOne({ userId, listId }).exec();
}

/**
 * The person's favorites and everyone's favorites of their lists (account erasure). Two deletes,
 * each served by its own index (a top-level `$or` is not planned by every engine); a favorite
 * the first removed is simply not found by the second, so nothing is counted twice.
 */
export async function deleteFavoritesOfUser(userId: string, ownListIds: mongoose.Types.ObjectId[]): Promise<number> {
  const mine = await Favorite.deleteMany({ userId }).exec();
  const ofMyLists = ownListIds.length ? await Favorite.deleteMany({ listId: { $in: ownListIds } }).exec() : { deletedCount: 0 };
  return (mine.deletedCount ?? 0) + (ofMyLists.deletedCount ?? 0);
}

export async function countFavoritesOf(userId: string): Promise<number> {
  return Favorite.countDocuments({ userId }).exec();
}

export async function hasFavorite(userId: string, listId: string): Promise<boolean> {
  return (await Favorite.exists({ userId, listId }).exec()) !== null;
}
