import mongoose from 'mongoose';
import { atomically, ErasedUser, Favorite, Product, ProductList, randomListId, type ProductDoc, type ProductListDoc } from './models';
import { listIdsOf, onLists, renameListOfProducts, unplaceFromList } from './placements';
import { Reminder } from './reminders';
import { ListManager } from './managers';
import { isKeeper } from '../domain/keepers';

/** The owner's lists in creation order (the first one is the default list, SPEC §4). */
export async function listsOfOwner(ownerId: string): Promise<ProductListDoc[]> {
  return (await ProductList.find({ ownerId }).sort({ createdAt: 1, _id: 1 }).lean().exec()) as ProductListDoc[];
}

/** The lists a person keeps with their owners (as a manager), oldest first. */
export async function listsManagedBy(userId: string): Promise<ProductListDoc[]> {
  return (await ProductList.find({ managerIds: userId }).sort({ createdAt: 1, _id: 1 }).lean().exec()) as ProductListDoc[];
}

export async function findList(id: string): Promise<ProductListDoc | null> {
  return (await ProductList.findById(id).lean().exec()) as ProductListDoc | null;
}

/** A list's read version (see the model), or null when the list does not exist: one indexed read of one field. */
export async function readVersionOf(id: string): Promise<number | null> {
  const doc = (await ProductList.findById(id, { readVersion: 1 }).lean().exec()) as { readVersion?: number } | null;
  return doc ? (doc.readVersion ?? 0) : null;
}

/** Bumps the read version of these lists (their cached reads, on every copy, are stale from now on). */
export async function bumpReadVersions(ids: readonly (string | mongoose.Types.ObjectId)[]): Promise<void> {
  if (ids.length === 0) return;
  await ProductList.updateMany({ _id: { $in: ids } }, { $inc: { readVersion: 1 } }, { timestamps: false }).exec();
}

/** Bumps the read version of the lists holding these products. */
export async function bumpReadVersionsOfProducts(productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const products = await Product.find({ _id: { $in: productIds } }, { listId: 1, listIds: 1 }).lean().exec();
  await bumpReadVersions([...new Set(products.flatMap(listIdsOf))]);
}

export async function findLists(ids: string[]): Promise<ProductListDoc[]> {
  if (ids.length === 0) return [];
  return (await ProductList.find({ _id: { $in: ids } }).lean().exec()) as ProductListDoc[];
}

/** Lists whose occasion (`eventDate`) is between two days, both included, in id order after `after`. */
export async function listsWithOccasionBetween(from: string, to: string, after: string | null, limit: number): Promise<{ _id: unknown; name: string; eventDate?: string | null }[]> {
  const filter = { eventDate: { $gte: from, $lte: to }, ...(after ? { _id: { $gt: new mongoose.Types.ObjectId(after) } } : {}) };
  return ProductList.find(filter, { name: 1, eventDate: 1 }).sort({ _id: 1 }).limit(limit).lean().exec();
}

/** What a favorite shows of a list: never its products, only their count and the first one's id. */
export interface ListSummary {
  _id: mongoose.Types.ObjectId;
  name: string;
  ownerId: string;
  productCount: number;
  firstProductId: mongoose.Types.ObjectId | null;
  hiddenIds?: mongoose.Types.ObjectId[];
}

/** Summaries of these lists, read from each list's order array (no product is loaded). */
export async function listSummaries(ids: string[]): Promise<ListSummary[]> {
  if (ids.length === 0) return [];
  const rows = await ProductList.aggregate<ListSummary>([
    { $match: { _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) } } },
    {
      $project: {
        name: 1,
        ownerId: 1,
        productCount: { $size: { $ifNull: ['$productIds', []] } },
        firstProductId: { $ifNull: [{ $arrayElemAt: ['$productIds', 0] }, null] },
        hiddenIds: 1,
      },
    },
  ]).exec();
  // Lists with private products (rare): their count and first product leave those out.
  const withHidden = rows.filter((r) => (r.hiddenIds?.length ?? 0) > 0);
  if (withHidden.length === 0) return rows;
  const orders = new Map(
    (await ProductList.find({ _id: { $in: withHidden.map((r) => r._id) } }, { productIds: 1 }).lean().exec()).map((l) => [String(l._id), l.productIds ?? []]),
  );
  return rows.map((r) => {
    if ((r.hiddenIds?.length ?? 0) === 0) return r;
    const hidden = new Set((r.hiddenIds ?? []).map(String));
    const visible = (orders.get(String(r._id)) ?? []).filter((id) => !hidden.has(String(id)));
    return { ...r, productCount: visible.length, firstProductId: visible[0] ?? null };
  });
}

/** The first `perList` products of each list, in each list's order (a bounded read of many lists). */
export async function leadingProductsOfLists(lists: readonly ProductListDoc[], perList: number): Promise<ProductDoc[]> {
  const ids = lists.flatMap((l) => (l.productIds ?? []).slice(0, perList));
  if (ids.length === 0) return [];
  return (await Product.find({ _id: { $in: ids } }).lean().exec()) as ProductDoc[];
}

export async function countListsOfOwner(ownerId: string): Promise<number> {
  return ProductList.countDocuments({ ownerId }).exec();
}

/** Products of these lists (any order: the caller orders them by each list's order). */
export async function productsOfLists(listIds: readonly (string | mongoose.Types.ObjectId)[]): Promise<ProductDoc[]> {
  if (listIds.length === 0) return [];
  return (await Product.find(onLists(listIds)).lean().exec()) as ProductDoc[];
}

/** Inserts the default list; false when another request inserted it first (duplicate marker). */
export async function insertDefaultList(ownerId: string, name: string): Promise<boolean> {
  await ProductList.init(); // the unique marker index must exist before the first insert
  try {
    await ProductList.create({ ownerId, name, defaultFor: ownerId });
    return true;
  } catch (err) {
    if ((err as { code?: number })?.code === 11000) return false;
    throw err;
  }
}

export async function insertList(
  ownerId: string,
  name: string,
  occasion: { eventDate?: string | null; reminderDueAt?: Date | null; surprise?: boolean; revealAt?: string | null; revealed?: boolean; recipient?: string } = {},
): Promise<ProductListDoc> {
  const doc = await ProductList.create({ ownerId, name, ...occasion });
  return doc.toObject() as ProductListDoc;
}

export async function renameList(id: string, name: string): Promise<ProductListDoc | null> {
  return (await ProductList.findByIdAndUpdate(id, { $set: { name } }, { returnDocument: 'after' }).lean().exec()) as ProductListDoc | null;
}

export type DeleteListOutcome = 'deleted' | 'not_found' | 'forbidden' | 'last_list';

/**
 * Deletes a list, its products and every favorite of it, all or nothing. Refused when it is the
 * owner's only list; the owner's other lists are written in the same transaction so that two
 * concurrent deletions cannot both pass that check.
 */
export function deleteListOf(ownerId: string, id: string): Promise<DeleteListOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(id).session(session).lean().exec();
    if (!list) return 'not_found';
    if (list.ownerId !== ownerId) return 'forbidden';
    // An active list needs another active one beside it (an owner always keeps one to use).
    const othersFilter = list.archived ? { ownerId, _id: { $ne: list._id } } : { ownerId, _id: { $ne: list._id }, archived: { $ne: true } };
    const others = await ProductList.updateMany(othersFilter, { $inc: { revision: 1 } }, { session }).exec();
    if (others.matchedCount === 0) return 'last_list';
    await ProductList.deleteOne({ _id: list._id }, { session }).exec();
    await unplaceFromList(list._id, session);
    await Product.deleteMany({ listId: list._id }, { session }).exec();
    await Favorite.deleteMany({ listId: list._id }, { session }).exec();
    await Reminder.deleteMany({ listId: list._id }, { session }).exec();
    await ListManager.deleteMany({ listId: list._id }, { session }).exec();
    return 'deleted';
  });
}

export type ReorderOutcome = { list: ProductListDoc } | 'not_found' | 'forbidden' | 'archived' | 'mismatch';

/** Sets a list's order; `ids` must be exactly its products' ids (checked inside the transaction). */
export function reorderList(userId: string, id: string, ids: string[]): Promise<ReorderOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(id).session(session).lean().exec();
    if (!list) return 'not_found';
    if (!isKeeper(list, userId)) return 'forbidden';
    if (list.archived) return 'archived';
    const products = await Product.find(onLists([list._id]), { _id: 1 }).session(session).lean().exec();
    const actual = new Set(products.map((p) => String(p._id)));
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || wanted.size !== actual.size || ids.some((p) => !actual.has(p))) return 'mismatch';
    const updated = await ProductList.findByIdAndUpdate(list._id, { $set: { productIds: ids } }, { returnDocument: 'after', session }).lean().exec();
    return { list: updated as ProductListDoc };
  });
}

export type MoveListOutcome = { list: ProductListDoc } | 'not_found' | 'forbidden';

/**
 * Gives a list a new random id (its link), all or nothing: the list document is rewritten under the
 * new id with everything else unchanged (name, order, dates), its products and everyone's
 * favorites of it follow. The old id then names nothing.
 */
export function moveListToNewId(userId: string, id: string): Promise<MoveListOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(id).session(session).lean().exec();
    if (!list) return 'not_found';
    if (!isKeeper(list, userId)) return 'forbidden';
    const moved = { ...list, _id: randomListId() };
    // Deleted first: the default-list marker is unique and the copy carries it.
    await ProductList.deleteOne({ _id: list._id }, { session }).exec();
    await ProductList.collection.insertOne(moved, { session });
    await renameListOfProducts(list._id, moved._id, session);
    await Product.updateMany({ listId: list._id }, { $set: { listId: moved._id } }, { session }).exec();
    await Favorite.updateMany({ listId: list._id }, { $set: { listId: moved._id } }, { session }).exec();
    await Reminder.updateMany({ listId: list._id }, { $set: { listId: moved._id } }, { session }).exec();
    await ListManager.updateMany({ listId: list._id }, { $set: { listId: moved._id } }, { session }).exec();
    return { list: moved as ProductListDoc };
  });
}

export async function deleteListsOfOwner(ownerId: string): Promise<number> {
  const r = await ProductList.deleteMany({ ownerId }).exec();
  return r.deletedCount ?? 0;
}

export async function listIdsOfOwner(ownerId: string): Promise<mongoose.Types.ObjectId[]> {
  const rows = await ProductList.find({ ownerId }, { _id: 1 }).lean().exec();
  return rows.map((r) => r._id);
}

export async function isErased(userId: string): Promise<boolean> {
  return (await ErasedUser.exists({ _id: userId }).exec()) !== null;
}

export async function markErased(userId: string, at: Date): Promise<void> {
  await ErasedUser.updateOne({ _id: userId }, { $setOnInsert: { erasedAt: at } }, { upsert: true }).exec();
}
