import mongoose from 'mongoose';
import { isKeeper } from '../domain/keepers';
import { atomically, Product, ProductList, type ProductDoc, type ProductListDoc } from './models';

// One product on several of its owner's lists: it stays one document (one offered state, one
// claim race), with its home list in `listId` and every list in `listIds` when there are several.
// Each list keeps the product in its own order array, so each list shows it in its own place.

type Id = string | mongoose.Types.ObjectId;
type Placed = { listId: unknown; listIds?: readonly unknown[] | null };

/** Every list a product is on, its home list first. */
export function listIdsOf(p: Placed): string[] {
  const home = String(p.listId);
  const rest = (p.listIds ?? []).map(String).filter((id) => id !== home);
  return [home, ...new Set(rest)];
}

/** Whether the product is on that list (home or another). */
export function isOnList(p: Placed, listId: string): boolean {
  return listIdsOf(p).includes(listId);
}

/** Products on any of these lists. Each branch of the `$or` is served by its own index. */
export function onLists(ids: readonly Id[]): Record<string, unknown> {
  if (ids.length === 1) return { $or: [{ listId: ids[0] }, { listIds: ids[0] }] };
  return { $or: [{ listId: { $in: ids } }, { listIds: { $in: ids } }] };
}

/** The `listId` / `listIds` fields of a product on `lists` (home first). */
export function placementOf(lists: readonly string[]): { set: Record<string, unknown>; unset: Record<string, 1> } {
  const ids = lists.map((id) => new mongoose.Types.ObjectId(id));
  return lists.length > 1 ? { set: { listId: ids[0], listIds: ids }, unset: {} } : { set: { listId: ids[0] }, unset: { listIds: 1 } };
}

/** The update of a product document placing it on `lists`. */
export function placementUpdate(lists: readonly string[], extraSet: Record<string, unknown> = {}): Record<string, unknown> {
  const { set, unset } = placementOf(lists);
  return Object.keys(unset).length > 0 ? { $set: { ...set, ...extraSet }, $unset: unset } : { $set: { ...set, ...extraSet } };
}

export type PlaceOutcome =
  | { product: ProductDoc; changedListIds: string[] }
  | 'not_found'
  | 'forbidden'
  | 'unknown_list'
  | 'archived'
  | 'list_full';

/**
 * Puts one product on exactly `wanted` (the caller's lists, in that order; the home list stays
 * home while it is among them, else the first becomes home), in one transaction with every order
 * array it changes: it leaves the lists not named and goes last on the new ones. An archived
 * list is read-only: it can neither gain nor lose the product.
 */
export function placeProduct(userId: string, productId: string, wanted: readonly string[], maxPerList: number): Promise<PlaceOutcome> {
  return atomically(async (session) => {
    const product = (await Product.findById(productId).session(session).lean().exec()) as ProductDoc | null;
    if (!product) return 'not_found';
    const current = listIdsOf(product);
    const lists = (await ProductList.find({ _id: { $in: [...new Set([...current, ...wanted])] } }, { ownerId: 1, managerIds: 1, archived: 1, productIds: 1 })
      .session(session)
      .lean()
      .exec()) as Pick<ProductListDoc, '_id' | 'ownerId' | 'managerIds' | 'archived' | 'productIds'>[];
    const byId = new Map(lists.map((l) => [String(l._id), l]));
    // The people who keep its home list place it (a manager as its owner would), on lists they
    // keep that belong to the product's owner: one product stays one owner's.
    const home = byId.get(current[0]);
    if (!(home ? isKeeper(home, userId) : product.ownerId === userId)) return 'forbidden';
    const placeable = (id: string) => {
      const list = byId.get(id);
      return list !== undefined && list.ownerId === product.ownerId && isKeeper(list, userId);
    };
    if (!wanted.every(placeable)) return 'unknown_list';
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    if ([...added, ...removed].some((id) => byId.get(id)?.archived === true)) return 'archived';
    if (added.some((id) => (byId.get(id)?.productIds?.length ?? 0) >= maxPerList)) return 'list_full';
    const first = wanted.includes(current[0]) ? current[0] : wanted[0];
    const ordered = [first, ...wanted.filter((id) => id !== first)];
    const updated = (await Product.findOneAndUpdate({ _id: product._id }, placementUpdate(ordered), { returnDocument: 'after', session })
      .lean()
      .exec()) as ProductDoc;
    if (removed.length > 0) {
      await ProductList.updateMany({ _id: { $in: removed } }, { $pull: { productIds: product._id, hiddenIds: product._id } }, { session }).exec();
    }
    if (added.length > 0) {
      const add = product.hidden === true ? { productIds: product._id, hiddenIds: product._id } : { productIds: product._id };
      await ProductList.updateMany({ _id: { $in: added } }, { $addToSet: add }, { session }).exec();
    }
    return { product: updated, changedListIds: [...new Set([...current, ...wanted])] };
  });
}

/** Marks (or unmarks) the product private in the visitors' counts of every list it is on. */
export async function markHiddenOnLists(product: Placed & { _id: unknown }, hidden: boolean, session: mongoose.ClientSession): Promise<void> {
  const update = hidden ? { $addToSet: { hiddenIds: product._id } } : { $pull: { hiddenIds: product._id } };
  await ProductList.updateMany({ _id: { $in: listIdsOf(product) } }, update, { session }).exec();
}

/**
 * Before a list is deleted (in the deleting transaction): products also on other lists stay
 * there (a product whose home it was gets the next list as home); the others go with the list.
 */
export async function unplaceFromList(listId: mongoose.Types.ObjectId, session: mongoose.ClientSession): Promise<void> {
  const shared = await Product.find({ listIds: listId }, { listId: 1, listIds: 1 }).session(session).lean().exec();
  for (const p of shared) {
    const rest = listIdsOf(p).filter((id) => id !== String(listId));
    if (rest.length > 0) await Product.updateOne({ _id: p._id }, placementUpdate(rest), { session }).exec();
  }
}

/** When a list gets a new id (its link is reset): its products on several lists follow it. */
export async function renameListOfProducts(from: mongoose.Types.ObjectId, to: mongoose.Types.ObjectId, session: mongoose.ClientSession): Promise<void> {
  const shared = await Product.find({ listIds: from }, { listId: 1, listIds: 1 }).session(session).lean().exec();
  for (const p of shared) {
    const lists = listIdsOf(p).map((id) => (id === String(from) ? String(to) : id));
    await Product.updateOne({ _id: p._id }, placementUpdate(lists), { session }).exec();
  }
}
