import type mongoose from 'mongoose';
import { atomically, Product, ProductList, type ProductDoc, type ProductListDoc } from './models';

export interface ProductValues {
  name: string;
  image: string;
  price: number | null;
  url: string;
  websiteName: string;
}

export async function findProduct(id: string): Promise<ProductDoc | null> {
  return (await Product.findById(id).lean().exec()) as ProductDoc | null;
}

/** The picture address of a product, or null when it is gone. */
export async function findProductImage(id: string): Promise<string | null> {
  const doc = await Product.findById(id, { image: 1 }).lean().exec();
  return doc?.image ?? null;
}

export async function productsOfOwner(ownerId: string): Promise<ProductDoc[]> {
  return (await Product.find({ ownerId }).lean().exec()) as ProductDoc[];
}

export type InsertOutcome = { product: ProductDoc } | 'list_gone' | 'forbidden' | 'archived' | 'list_full' | 'account_full';

export interface InsertCaps {
  maxPerList: number;
  maxPerAccount: number;
}

/**
 * Adds a product at the end of a list. The insert and the list's order change are one
 * transaction, which also conflicts with a concurrent deletion of the list (no orphan product)
 * and with concurrent adds (each retried, none lost).
 *
 * The account cap counts the owner's products inside the transaction. A count alone would not
 * stop two concurrent adds into two different lists (neither writes what the other read), so
 * every add also writes the owner's oldest list: concurrent adds of one owner then conflict, one
 * of them is retried, and its retry counts the other's product. Only a deletion of that oldest
 * list racing with the adds can let a few through, never more than the adds in flight.
 */
export function insertProduct(ownerId: string, listId: string, values: ProductValues, caps: InsertCaps): Promise<InsertOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(listId).session(session).lean().exec();
    if (!list) return 'list_gone';
    if (list.ownerId !== ownerId) return 'forbidden';
    if (list.archived) return 'archived';
    if ((list.productIds?.length ?? 0) >= caps.maxPerList) return 'list_full';
    const guard = await ProductList.findOne({ ownerId }, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).session(session).lean().exec();
    await ProductList.updateOne({ _id: guard?._id ?? list._id }, { $inc: { revision: 1 } }, { session }).exec();
    if ((await countOwnerProducts(ownerId, session)) >= caps.maxPerAccount) return 'account_full';
    const [doc] = await Product.create([{ ...values, listId: list._id, ownerId }], { session });
    await ProductList.updateOne({ _id: list._id }, { $addToSet: { productIds: doc._id } }, { session }).exec();
    return { product: doc.toObject() as ProductDoc };
  });
}

/**
 * The owner's products, summed from their lists' order arrays (at most 100 small documents,
 * where counting the products would read every one of them). Each add, move and removal
 * changes the order in the same transaction as the product, so the sum is the count.
 */
export async function countOwnerProducts(ownerId: string, session: mongoose.ClientSession): Promise<number> {
  const [row] = await ProductList.aggregate<{ n: number }>([
    { $match: { ownerId } },
    { $group: { _id: null, n: { $sum: { $size: { $ifNull: ['$productIds', []] } } } } },
  ])
    .session(session)
    .exec();
  return row?.n ?? 0;
}

export type ProductChange = Partial<ProductValues> & { hasBeenOffered?: boolean; received?: boolean };

export type UpdateOutcome =
  | { product: ProductDoc; previousListId: string }
  | 'not_found'
  | 'forbidden'
  | 'archived'
  | 'target_gone'
  | 'target_forbidden'
  | 'list_full';

/** A change of `received` alone: the one change an archived list takes (what came after the occasion). */
const onlyReceived = (change: ProductChange) => Object.keys(change).every((k) => k === 'received');

/**
 * Changes a product, and moves it to `targetListId` when given and different: it leaves the old
 * list's order and goes to the end of the new one, all in one transaction. `expectListId` makes
 * the product "not found" unless it is in that list (nested routes).
 */
export function updateProduct(
  ownerId: string,
  id: string,
  change: ProductChange,
  options: { expectListId?: string; targetListId?: string; maxPerList: number },
): Promise<UpdateOutcome> {
  return atomically(async (session) => {
    const product = await Product.findById(id).session(session).lean().exec();
    if (!product || (options.expectListId && String(product.listId) !== options.expectListId)) return 'not_found';
    if (product.ownerId !== ownerId) return 'forbidden';
    // Read in the transaction, so that an archiving of the list committed meanwhile makes this retry.
    const source = await ProductList.findById(product.listId, { archived: 1 }).session(session).lean().exec();
    const moving = options.targetListId !== undefined && options.targetListId !== String(product.listId);
    if (source?.archived && (moving || !onlyReceived(change))) return 'archived';
    const set: Record<string, unknown> = { ...change };
    // The owner's choice wins over an offering's hold (the owner toggles).
    if (change.hasBeenOffered !== undefined) set.offeredBy = null;
    let target: ProductListDoc | null = null;
    if (options.targetListId && options.targetListId !== String(product.listId)) {
      target = (await ProductList.findById(options.targetListId).session(session).lean().exec()) as ProductListDoc | null;
      if (!target) return 'target_gone';
      if (target.ownerId !== ownerId) return 'target_forbidden';
      if (target.archived) return 'archived';
      if ((target.productIds?.length ?? 0) >= options.maxPerList) return 'list_full';
      set.listId = target._id;
    }
    const updated = await Product.findByIdAndUpdate(product._id, { $set: set }, { returnDocument: 'after', session }).lean().exec();
    if (target) {
      await ProductList.updateOne({ _id: product.listId }, { $pull: { productIds: product._id } }, { session }).exec();
      await ProductList.updateOne({ _id: target._id }, { $addToSet: { productIds: product._id } }, { session }).exec();
    }
    return { product: updated as ProductDoc, previousListId: String(product.listId) };
  });
}

export type DeleteOutcome = { deletedFrom: string } | 'not_found' | 'forbidden' | 'archived';

export function deleteProduct(ownerId: string, id: string, expectListId?: string): Promise<DeleteOutcome> {
  return atomically(async (session) => {
    const product = await Product.findById(id).session(session).lean().exec();
    if (!product || (expectListId && String(product.listId) !== expectListId)) return 'not_found';
    if (product.ownerId !== ownerId) return 'forbidden';
    const list = await ProductList.findById(product.listId, { archived: 1 }).session(session).lean().exec();
    if (list?.archived) return 'archived';
    await Product.deleteOne({ _id: product._id }, { session }).exec();
    await ProductList.updateOne({ _id: product.listId }, { $pull: { productIds: product._id } }, { session }).exec();
    return { deletedFrom: String(product.listId) };
  });
}

export async function findProducts(ids: string[]): Promise<ProductDoc[]> {
  if (ids.length === 0) return [];
  return (await Product.find({ _id: { $in: ids } }).lean().exec()) as ProductDoc[];
}

/**
 * Flags every product offered by `offeringId`, all or nothing. Products already held by the same
 * offering count as claimed (a retried call). Returns the ids that could not be claimed (missing
 * or held by someone else); nothing changes then.
 */
export interface ClaimOutcome {
  conflicts: string[];
  /** The conflicts are (also) products of an archived list, which takes no offer. */
  archived?: boolean;
}

export async function claimProducts(ids: string[], offeringId: string, unknownIds: string[] = []): Promise<ClaimOutcome> {
  // A claim that lost a race after its read aborts and reads again (then sees the winner's flag).
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimOnce(ids, offeringId, unknownIds);
    } catch (err) {
      if (!(err as { claimRaced?: boolean }).claimRaced || attempt >= 5) throw err;
    }
  }
}

function claimOnce(ids: string[], offeringId: string, unknownIds: string[]): Promise<ClaimOutcome> {
  return atomically(async (session) => {
    const found = await Product.find({ _id: { $in: ids } }, { hasBeenOffered: 1, offeredBy: 1, listId: 1 }).session(session).lean().exec();
    // Read in the transaction: an archiving committed meanwhile makes this claim retry and see it.
    const listIds = [...new Set(found.map((p) => String(p.listId)))];
    const archivedLists = new Set(
      (await ProductList.find({ _id: { $in: listIds }, archived: true }, { _id: 1 }).session(session).lean().exec()).map((l) => String(l._id)),
    );
    const inArchived = found.filter((p) => archivedLists.has(String(p.listId))).map((p) => String(p._id));
    if (inArchived.length > 0) return { conflicts: inArchived, archived: true };
    const byId = new Map(found.map((p) => [String(p._id), p]));
    const conflicts = ids.filter((id) => {
      const p = byId.get(id);
      return !p || (p.hasBeenOffered && p.offeredBy !== offeringId);
    });
    conflicts.push(...unknownIds);
    if (conflicts.length > 0) return { conflicts };
    const free = ids.filter((id) => !byId.get(id)!.hasBeenOffered);
    if (free.length > 0) {
      const r = await Product.updateMany(
        { _id: { $in: free }, hasBeenOffered: false },
        { $set: { hasBeenOffered: true, offeredBy: offeringId } },
        { session },
      ).exec();
      // Another claim committed between our read and this write: abort rather than half-claim.
      if (r.modifiedCount !== free.length) throw Object.assign(new Error('claim raced'), { claimRaced: true });
    }
    return { conflicts: [] };
  });
}

/** Clears the flag of the products still held by `offeringId`; the others are left alone. */
export async function releaseProducts(ids: string[], offeringId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await Product.updateMany({ _id: { $in: ids }, offeredBy: offeringId }, { $set: { hasBeenOffered: false, offeredBy: null } }).exec();
  return r.modifiedCount ?? 0;
}

export async function deleteProductsOfOwner(ownerId: string): Promise<number> {
  const r = await Product.deleteMany({ ownerId }).exec();
  return r.deletedCount ?? 0;
}
