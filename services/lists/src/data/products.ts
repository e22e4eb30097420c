import type mongoose from 'mongoose';
import { atomically, Product, ProductList, type ProductDoc, type ProductListDoc } from './models';

export interface ProductValues {
  name: string;
  image: string;
  price: number | null;
  url: string;
  websiteName: string;
  quantity?: number;
  mostWanted?: boolean;
  note?: string;
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

export type InsertOutcome = { product: ProductDoc } | 'list_gone' | 'forbidden' | 'list_full' | 'account_full';

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
async function countOwnerProducts(ownerId: string, session: mongoose.ClientSession): Promise<number> {
  const [row] = await ProductList.aggregate<{ n: number }>([
    { $match: { ownerId } },
    { $group: { _id: null, n: { $sum: { $size: { $ifNull: ['$productIds', []] } } } } },
  ])
    .session(session)
    .exec();
  return row?.n ?? 0;
}

export type ProductChange = Partial<ProductValues> & { hasBeenOffered?: boolean };

export type UpdateOutcome =
  | { product: ProductDoc; previousListId: string }
  | 'not_found'
  | 'forbidden'
  | 'target_gone'
  | 'target_forbidden'
  | 'list_full'
  | { belowOffered: number };

/** Thrown inside the transaction when a claim or release changed the units between read and write. */
const unitsRaced = () => Object.assign(new Error('units raced'), { unitsRaced: true });

/**
 * Changes a product, and moves it to `targetListId` when given and different: it leaves the old
 * list's order and goes to the end of the new one, all in one transaction. `expectListId` makes
 * the product "not found" unless it is in that list (nested routes).
 */
export async function updateProduct(
  ownerId: string,
  id: string,
  change: ProductChange,
  options: { expectListId?: string; targetListId?: string; maxPerList: number },
): Promise<UpdateOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateOnce(ownerId, id, change, options);
    } catch (err) {
      if (!(err as { unitsRaced?: boolean }).unitsRaced || attempt >= 5) throw err;
    }
  }
}

function updateOnce(
  ownerId: string,
  id: string,
  change: ProductChange,
  options: { expectListId?: string; targetListId?: string; maxPerList: number },
): Promise<UpdateOutcome> {
  return atomically(async (session) => {
    const product = await Product.findById(id).session(session).lean().exec();
    if (!product || (options.expectListId && String(product.listId) !== options.expectListId)) return 'not_found';
    if (product.ownerId !== ownerId) return 'forbidden';
    const set: Record<string, unknown> = { ...change };
    const offered = product.offeredQuantity ?? 0;
    const guard: Record<string, unknown> = { _id: product._id };
    if (change.hasBeenOffered !== undefined) {
      // The owner's choice wins over the offerings' holds (the owner toggles).
      Object.assign(set, { offeredBy: null, holds: [], offeredQuantity: 0 });
    } else if (change.quantity !== undefined && offered > 0) {
      // Units already promised by givers stay promised: the quantity cannot go below them.
      if (change.quantity < offered) return { belowOffered: offered };
      set.hasBeenOffered = offered >= change.quantity;
      guard.offeredQuantity = offered; // a claim or release in between: read again
    }
    let target: ProductListDoc | null = null;
    if (options.targetListId && options.targetListId !== String(product.listId)) {
      target = (await ProductList.findById(options.targetListId).session(session).lean().exec()) as ProductListDoc | null;
      if (!target) return 'target_gone';
      if (target.ownerId !== ownerId) return 'target_forbidden';
      if ((target.productIds?.length ?? 0) >= options.maxPerList) return 'list_full';
      set.listId = target._id;
    }
    const updated = await Product.findOneAndUpdate(guard, { $set: set }, { returnDocument: 'after', session }).lean().exec();
    if (!updated) throw unitsRaced();
    if (target) {
      await ProductList.updateOne({ _id: product.listId }, { $pull: { productIds: product._id } }, { session }).exec();
      await ProductList.updateOne({ _id: target._id }, { $addToSet: { productIds: product._id } }, { session }).exec();
    }
    return { product: updated as ProductDoc, previousListId: String(product.listId) };
  });
}

export type DeleteOutcome = { deletedFrom: string } | 'not_found' | 'forbidden';

export function deleteProduct(ownerId: string, id: string, expectListId?: string): Promise<DeleteOutcome> {
  return atomically(async (session) => {
    const product = await Product.findById(id).session(session).lean().exec();
    if (!product || (expectListId && String(product.listId) !== expectListId)) return 'not_found';
    if (product.ownerId !== ownerId) return 'forbidden';
    await Product.deleteOne({ _id: product._id }, { session }).exec();
    await ProductList.updateOne({ _id: product.listId }, { $pull: { productIds: product._id } }, { session }).exec();
    return { deletedFrom: String(product.listId) };
  });
}

export async function findProducts(ids: string[]): Promise<ProductDoc[]> {
  if (ids.length === 0) return [];
  return (await Product.find({ _id: { $in: ids } }).lean().exec()) as ProductDoc[];
}

export async function deleteProductsOfOwner(ownerId: string): Promise<number> {
  const r = await Product.deleteMany({ ownerId }).exec();
  return r.deletedCount ?? 0;
}
