import type mongoose from 'mongoose';
import { atomically, Product, ProductList, type ProductDoc, type ProductListDoc } from './models';
import { isKeeper } from '../domain/keepers';
import { isOnList, listIdsOf, markHiddenOnLists, placementUpdate } from './placements';

export interface ProductValues {
  name: string;
  image: string;
  price: number | null;
  url: string;
  websiteName: string;
  quantity?: number;
  mostWanted?: boolean;
  note?: string;
  groupGift?: boolean;
  hidden?: boolean;
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
export function insertProduct(userId: string, listId: string, values: ProductValues, caps: InsertCaps): Promise<InsertOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(listId).session(session).lean().exec();
    if (!list) return 'list_gone';
    if (!isKeeper(list, userId)) return 'forbidden';
    // A manager's product belongs to the list's owner: counted in the owner's account, erased with it.
    const ownerId = list.ownerId;
    if (list.archived) return 'archived';
    if ((list.productIds?.length ?? 0) >= caps.maxPerList) return 'list_full';
    const guard = await ProductList.findOne({ ownerId }, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).session(session).lean().exec();
    await ProductList.updateOne({ _id: guard?._id ?? list._id }, { $inc: { revision: 1 } }, { session }).exec();
    if ((await countOwnerProducts(ownerId, session)) >= caps.maxPerAccount) return 'account_full';
    const [doc] = await Product.create([{ ...values, listId: list._id, ownerId }], { session });
    const add = values.hidden === true ? { productIds: doc._id, hiddenIds: doc._id } : { productIds: doc._id };
    await ProductList.updateOne({ _id: list._id }, { $addToSet: add }, { session }).exec();
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
  | { product: ProductDoc; previousListId: string; changedListIds: string[] }
  | 'not_found'
  | 'forbidden'
  | 'archived'
  | 'target_gone'
  | 'target_forbidden'
  | 'list_full'
  | { belowOffered: number }
  | { groupGift: GroupGiftProblem };

/** Why a product cannot be (or stay) a group gift. */
export type GroupGiftProblem = 'price-required' | 'one-unit' | 'already-offered';

/**
 * A group gift is one unit with a price of at least the smallest pledge, and becomes one only
 * before anyone offered it (givers of whole units and pledgers would share one product).
 */
export function groupGiftProblem(
  product: Pick<ProductDoc, 'groupGift' | 'price' | 'quantity' | 'offeredQuantity' | 'hasBeenOffered'>,
  change: ProductChange,
  minPrice: number,
): GroupGiftProblem | null {
  const wanted = change.groupGift ?? product.groupGift === true;
  if (!wanted) return null;
  const price = change.price !== undefined ? change.price : product.price;
  if (price === null || price === undefined || price < minPrice) return 'price-required';
  if ((change.quantity ?? product.quantity ?? 1) !== 1) return 'one-unit';
  const becoming = change.groupGift === true && product.groupGift !== true;
  if (becoming && (product.hasBeenOffered === true || (product.offeredQuantity ?? 0) > 0)) return 'already-offered';
  return null;
}

/** A change of `received` alone: the one change an archived list takes (what came after the occasion). */
const onlyReceived = (change: ProductChange) => Object.keys(change).every((k) => k === 'received');

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
  options: { expectListId?: string; targetListId?: string; maxPerList: number; groupGiftMinPrice?: number },
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
  options: { expectListId?: string; targetListId?: string; maxPerList: number; groupGiftMinPrice?: number },
): Promise<UpdateOutcome> {
  return atomically(async (session) => {
    const product = await Product.findById(id).session(session).lean().exec();
    if (!product || (options.expectListId && !isOnList(product, options.expectListId))) return 'not_found';
    // Read in the transaction, so that an archiving of a list committed meanwhile makes this retry.
    const source = await ProductList.findById(product.listId, { ownerId: 1, managerIds: 1 }).session(session).lean().exec();
    if (!(source ? isKeeper(source, ownerId) : product.ownerId === ownerId)) return 'forbidden';
    // An archived list is read-only, also for a product it shares with other lists.
    const current = listIdsOf(product);
    const archived = await ProductList.exists({ _id: { $in: current }, archived: true }).session(session).exec();
    // A product already on the target list stays where it is (it is on that list already).
    const moving = options.targetListId !== undefined && !current.includes(options.targetListId);
    if (archived && (moving || !onlyReceived(change))) return 'archived';
    const giftProblem = groupGiftProblem(product, change, options.groupGiftMinPrice ?? 0);
    if (giftProblem) return { groupGift: giftProblem };
    const set: Record<string, unknown> = { ...change };
    const offered = product.offeredQuantity ?? 0;
    const guard: Record<string, unknown> = { _id: product._id };
    if (change.groupGift === true && product.groupGift !== true) {
      // A claim landing between the read and the write makes this read again (and refuse).
      Object.assign(guard, { offeredQuantity: product.offeredQuantity ?? 0, hasBeenOffered: product.hasBeenOffered === true });
    }
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
    let lists = current;
    if (options.targetListId && moving) {
      target = (await ProductList.findById(options.targetListId).session(session).lean().exec()) as ProductListDoc | null;
      if (!target) return 'target_gone';
      if (!isKeeper(target, ownerId)) return 'target_forbidden';
      if (target.archived) return 'archived';
      if ((target.productIds?.length ?? 0) >= options.maxPerList) return 'list_full';
      // The product follows its list's owner (a manager moves it to a list of another owner); one
      // on several lists stays with its owner, whose other lists keep it.
      if (target.ownerId !== product.ownerId && current.length > 1) return 'target_forbidden';
      set.ownerId = target.ownerId;
      // A move takes the product from its home list to the target; its other lists keep it.
      lists = [options.targetListId, ...current.slice(1)];
    }
    const update = target ? placementUpdate(lists, set) : { $set: set };
    const updated = await Product.findOneAndUpdate(guard, update, { returnDocument: 'after', session }).lean().exec();
    if (!updated) throw unitsRaced();
    const hidden = updated.hidden === true;
    if (target) {
      await ProductList.updateOne({ _id: product.listId }, { $pull: { productIds: product._id, hiddenIds: product._id } }, { session }).exec();
      const add = hidden ? { productIds: product._id, hiddenIds: product._id } : { productIds: product._id };
      await ProductList.updateOne({ _id: target._id }, { $addToSet: add }, { session }).exec();
    }
    if (change.hidden !== undefined && change.hidden !== (product.hidden === true)) await markHiddenOnLists(updated, hidden, session);
    const changedListIds = [...new Set([...current, ...listIdsOf(updated)])];
    return { product: updated as ProductDoc, previousListId: String(product.listId), changedListIds };
  });
}

export type DeleteOutcome = { deletedFrom: string[] } | 'not_found' | 'forbidden' | 'archived';

/**
 * Deletes a product from every list it is on; with `expectListId`, a product on several lists
 * only leaves that one (it stays on the others, with its offered state).
 */
export function deleteProduct(ownerId: string, id: string, expectListId?: string): Promise<DeleteOutcome> {
  return atomically(async (session) => {
    const product = await Product.findById(id).session(session).lean().exec();
    if (!product || (expectListId && !isOnList(product, expectListId))) return 'not_found';
    const home = await ProductList.findById(product.listId, { ownerId: 1, managerIds: 1 }).session(session).lean().exec();
    if (!(home ? isKeeper(home, ownerId) : product.ownerId === ownerId)) return 'forbidden';
    const lists = listIdsOf(product);
    const leaving = expectListId && lists.length > 1 ? [expectListId] : lists;
    if (await ProductList.exists({ _id: { $in: leaving }, archived: true }).session(session).exec()) return 'archived';
    if (leaving.length < lists.length) {
      await Product.updateOne({ _id: product._id }, placementUpdate(lists.filter((l) => !leaving.includes(l))), { session }).exec();
    } else {
      await Product.deleteOne({ _id: product._id }, { session }).exec();
    }
    await ProductList.updateMany({ _id: { $in: leaving } }, { $pull: { productIds: product._id, hiddenIds: product._id } }, { session }).exec();
    return { deletedFrom: lists };
  });
}

export async function findProducts(ids: string[]): Promise<ProductDoc[]> {
  if (ids.length === 0) return [];
  return (await Product.find({ _id: { $in: ids } }).lean().exec()) as ProductDoc[];
}

// The units offerings hold on products (offers service, through /internal/products/*). Every
// write is one conditional update that re-checks what was read (units offered, quantity, holds):
// whichever copy of the service writes second matches nothing and reads again, so two givers can
// never both take the last unit.

/** A product and how many of its units an offering wants. */
export interface ClaimLine {
  id: string;
  units: number;
}

type ClaimView = Pick<ProductDoc, 'hasBeenOffered' | 'offeredBy' | 'quantity' | 'offeredQuantity' | 'holds'>;

/** Matches the stored value, or a missing field when the value is the schema default. */
function sameAs(value: number | null | undefined, fallback: number): unknown {
  const v = value ?? fallback;
  return v === fallback ? { $in: [fallback, null] } : v;
}

function heldBy(p: ClaimView, offeringId: string): boolean {
  return (p.holds ?? []).some((h) => h.offeringId === offeringId) || (p.hasBeenOffered === true && p.offeredBy === offeringId);
}

/** Units still free to offer (0 once offered). */
export function unitsLeft(p: Pick<ProductDoc, 'hasBeenOffered' | 'quantity' | 'offeredQuantity'>): number {
  if (p.hasBeenOffered) return 0;
  return Math.max(0, (p.quantity ?? 1) - (p.offeredQuantity ?? 0));
}

const raced = () => Object.assign(new Error('claim raced'), { claimRaced: true });

/**
 * Gives `offeringId` the wanted units of every product, all or nothing. Products the same offering
 * already holds count as claimed (a retried call). Returns the ids that could not be claimed
 * (missing, offered, or fewer units left than wanted); nothing changes then.
 */
export interface ClaimOutcome {
  conflicts: string[];
  /** The conflicts are (also) products of an archived list, which takes no offer. */
  archived?: boolean;
}

export async function claimProducts(lines: ClaimLine[], offeringId: string, unknownIds: string[] = []): Promise<ClaimOutcome> {
  // A claim that lost a race after its read aborts and reads again (then sees the winner's units).
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimOnce(lines, offeringId, unknownIds);
    } catch (err) {
      if (!(err as { claimRaced?: boolean }).claimRaced || attempt >= 5) throw err;
    }
  }
}

function claimOnce(lines: ClaimLine[], offeringId: string, unknownIds: string[]): Promise<ClaimOutcome> {
  return atomically(async (session) => {
    const ids = lines.map((l) => l.id);
    // A private product cannot be offered: it is claimed as if it did not exist.
    const found = (
      (await Product.find({ _id: { $in: ids } }, { hasBeenOffered: 1, offeredBy: 1, quantity: 1, offeredQuantity: 1, holds: 1, listId: 1, listIds: 1, hidden: 1 })
        .session(session)
        .lean()
        .exec()) as (ClaimView & { _id: unknown; listId: unknown; listIds?: unknown[]; hidden?: boolean })[]
    ).filter((p) => p.hidden !== true);
    // Read in the transaction: an archiving committed meanwhile makes this claim retry and see it.
    // A product on several lists takes offers while one of them is not archived.
    const listIds = [...new Set(found.flatMap(listIdsOf))];
    const archivedLists = new Set(
      (await ProductList.find({ _id: { $in: listIds }, archived: true }, { _id: 1 }).session(session).lean().exec()).map((l) => String(l._id)),
    );
    const inArchived = found.filter((p) => listIdsOf(p).every((l) => archivedLists.has(l))).map((p) => String(p._id));
    if (inArchived.length > 0) return { conflicts: inArchived, archived: true };
    const byId = new Map(found.map((p) => [String(p._id), p]));
    const conflicts = lines.filter(({ id, units }) => {
      const p = byId.get(id);
      if (!p) return true;
      return !heldBy(p, offeringId) && unitsLeft(p) < units;
    });
    const out = conflicts.map((l) => l.id).concat(unknownIds);
    if (out.length > 0) return { conflicts: out };
    // Products read alike (quantity, units offered, units wanted) are written by one update: most
    // offers are of products wished once, so that is usually a single write.
    const groups = new Map<string, { ids: string[]; quantity: number | null | undefined; offered: number | null | undefined; units: number }>();
    for (const { id, units } of lines) {
      const p = byId.get(id)!;
      if (heldBy(p, offeringId)) continue;
      const key = `${p.quantity ?? 1}|${p.offeredQuantity ?? 0}|${units}`;
      const group = groups.get(key) ?? { ids: [], quantity: p.quantity, offered: p.offeredQuantity, units };
      group.ids.push(id);
      groups.set(key, group);
    }
    for (const { ids: same, quantity: q, offered: o, units } of groups.values()) {
      const quantity = q ?? 1;
      const offered = (o ?? 0) + units;
      const unchanged: Record<string, unknown> = {
        _id: { $in: same },
        hasBeenOffered: false,
        quantity: sameAs(q, 1),
        offeredQuantity: sameAs(o, 0),
        'holds.offeringId': { $ne: offeringId },
      };
      const r = await Product.updateMany(
        unchanged,
        { $set: { quantity, offeredQuantity: offered, hasBeenOffered: offered >= quantity }, $push: { holds: { offeringId, units } } },
        { session },
      ).exec();
      // Another claim (or the owner) wrote between our read and this write: abort rather than half-claim.
      if (r.modifiedCount !== same.length) throw raced();
    }
    return { conflicts: [] };
  });
}

/**
 * Gives back the units `offeringId` holds (refused, expired or withdrawn offers): each write is
 * conditional on the hold still being there, so a repeated or concurrent release frees them once. The
 * products the owner has since marked themselves are left alone. Returns how many changed.
 */
export async function releaseProducts(ids: string[], offeringId: string): Promise<number> {
  if (ids.length === 0) return 0;
  let released = 0;
  const held = await Product.find({ _id: { $in: ids }, 'holds.offeringId': offeringId }, { holds: 1 }).lean().exec();
  // Products whose hold has the same units go back in one update.
  const byUnits = new Map<number, unknown[]>();
  for (const p of held) {
    const units = (p.holds ?? []).filter((h) => h.offeringId === offeringId).reduce((n, h) => n + h.units, 0);
    byUnits.set(units, [...(byUnits.get(units) ?? []), p._id]);
  }
  for (const [units, same] of byUnits) {
    const still: Record<string, unknown> = { _id: { $in: same }, 'holds.offeringId': offeringId };
    const r = await Product.updateMany(still, { $pull: { holds: { offeringId } }, $inc: { offeredQuantity: -units }, $set: { hasBeenOffered: false } }).exec();
    released += r.modifiedCount ?? 0;
  }
  // Products flagged whole by an offering made before quantities.
  const legacy = await Product.updateMany({ _id: { $in: ids }, offeredBy: offeringId }, { $set: { hasBeenOffered: false, offeredBy: null } }).exec();
  return released + (legacy.modifiedCount ?? 0);
}

export async function deleteProductsOfOwner(ownerId: string): Promise<number> {
  const r = await Product.deleteMany({ ownerId }).exec();
  return r.deletedCount ?? 0;
}
