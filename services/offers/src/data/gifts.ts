import mongoose, { Schema } from 'mongoose';
import { Offering, type OfferingDoc } from './models';
import { findPots, Pledge, type PledgeDoc, type PotDoc } from './pledges';

// The giver's side of their offers ("My gifts"): the links that open a giver's gifts without an
// account, and what only the giver keeps on each gift (stage, note, cost, the occasion reminder).
// Kept apart from the offerings so that nothing of it can reach an owner's answer.

/**
 * A "My gifts" link: SHA-256 of its token (128 random bits, only the hash kept) and the key of
 * the giver's address it opens. One per mail that carries it; erased with the giver's address.
 */
const giftLinkSchema = new Schema(
  {
    _id: { type: String, required: true },
    emailKey: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { timestamps: false, versionKey: false },
);
giftLinkSchema.index({ emailKey: 1 });
export const GiftLink = mongoose.model('GiftLink', giftLinkSchema, 'gift_links');

export const GIVER_STAGE_VALUES = ['bought', 'given'] as const;

/** What the giver keeps on one gift (`_id`: the offering's id). */
const giverGiftSchema = new Schema(
  {
    _id: { type: String, required: true },
    stage: { type: String, enum: [...GIVER_STAGE_VALUES, null], default: null },
    note: { type: String, default: '' },
    cost: { type: Number, default: null },
    updatedAt: { type: Date, default: null },
    /** The occasion reminder: sent at `remindedAt`; while `reminderUntil` is ahead, one call is sending it. */
    remindedAt: { type: Date, default: null },
    reminderUntil: { type: Date, default: null },
    reminderBy: { type: String, default: null },
    reminderAttempts: { type: Number, default: 0 },
  },
  { timestamps: false, versionKey: false },
);
export const GiverGift = mongoose.model('GiverGift', giverGiftSchema, 'giver_gifts');

export interface GiverGiftDoc {
  _id: string;
  stage: 'bought' | 'given' | null;
  note: string;
  cost: number | null;
  updatedAt: Date | null;
  remindedAt: Date | null;
  reminderUntil: Date | null;
  reminderBy: string | null;
  reminderAttempts: number;
}

/** The states a giver sees (the address was confirmed; expired offers are gone). */
export const GIVER_VISIBLE_STATES = ['pending', 'address-given', 'refused', 'withdrawn'] as const;
/** The most gifts one page lists (newest first). */
export const GIFTS_PAGE_MAX = 500;

export async function addGiftLink(hash: string, key: string, at: Date): Promise<void> {
  await GiftLink.create({ _id: hash, emailKey: key, createdAt: at });
}

/** The address key a link's token hash opens, or null. */
export async function giftLinkKey(hash: string): Promise<string | null> {
  const link = (await GiftLink.findById(hash).lean().exec()) as { emailKey: string } | null;
  return link?.emailKey ?? null;
}

/** Whose gifts: offers made with an address (its key) and, signed in, by that account. */
export interface GiverKey {
  emailKey: string | null;
  userId?: string | null;
}

function giverFilter(giver: GiverKey): Record<string, unknown> | null {
  const or: Record<string, unknown>[] = [];
  if (giver.emailKey) or.push({ offererEmailKey: giver.emailKey });
  if (giver.userId) or.push({ offererUserId: giver.userId });
  if (or.length === 0) return null;
  return { $or: or, state: { $in: GIVER_VISIBLE_STATES }, pledgeProductId: null };
}

/** The giver's offers, newest first. */
export async function giftsOf(giver: GiverKey): Promise<OfferingDoc[]> {
  const filter = giverFilter(giver);
  if (!filter) return [];
  return (await Offering.find(filter).sort({ createdAt: -1, _id: 1 }).limit(GIFTS_PAGE_MAX).lean().exec()) as OfferingDoc[];
}

/** One offer of the giver, or null when it is not theirs (or unknown). */
export async function giftOf(giver: GiverKey, id: string): Promise<OfferingDoc | null> {
  const filter = giverFilter(giver);
  if (!filter) return null;
  return (await Offering.findOne({ ...filter, _id: id }).lean().exec()) as OfferingDoc | null;
}

export async function giverGifts(ids: string[]): Promise<Map<string, GiverGiftDoc>> {
  if (ids.length === 0) return new Map();
  const docs = (await GiverGift.find({ _id: { $in: ids } }).lean().exec()) as GiverGiftDoc[];
  return new Map(docs.map((d) => [d._id, d]));
}

export async function saveGiverGift(id: string, set: Partial<Pick<GiverGiftDoc, 'stage' | 'note' | 'cost'>>, at: Date): Promise<GiverGiftDoc> {
  return (await GiverGift.findOneAndUpdate({ _id: id }, { $set: { ...set, updatedAt: at } }, { upsert: true, returnDocument: 'after' })
    .lean()
    .exec()) as GiverGiftDoc;
}

/**
 * Takes the reminder of one gift for this call (`by`) until `until`: only when it was not sent and
 * no other call holds it. The first reminder of a gift creates its record; two copies creating it
 * at once collide on the id and only one wins. Returns whether this call may send.
 */
export async function claimReminder(id: string, at: Date, until: Date, by: string): Promise<boolean> {
  try {
    const doc = await GiverGift.findOneAndUpdate(
      { _id: id, remindedAt: null, $or: [{ reminderUntil: null }, { reminderUntil: { $lte: at } }] },
      { $set: { reminderUntil: until, reminderBy: by } },
      { upsert: true, returnDocument: 'after' },
    )
      .lean()
      .exec();
    return (doc as GiverGiftDoc | null)?.reminderBy === by;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return false;
    throw err;
  }
}

export async function reminderSent(id: string, by: string, at: Date): Promise<void> {
  await GiverGift.updateOne({ _id: id, reminderBy: by }, { $set: { remindedAt: at, reminderUntil: null, reminderBy: null } }).exec();
}

/** A failed send: retried once `retryAt` has passed (the lease is held until then). */
export async function reminderFailed(id: string, by: string, retryAt: Date, giveUp: boolean): Promise<void> {
  await GiverGift.updateOne(
    { _id: id, reminderBy: by },
    giveUp
      ? { $set: { remindedAt: new Date(0), reminderUntil: null, reminderBy: null }, $inc: { reminderAttempts: 1 } }
      : { $set: { reminderUntil: retryAt, reminderBy: null }, $inc: { reminderAttempts: 1 } },
  ).exec();
}

/**
 * The offers holding a product of one of these lists that may owe their giver a reminder:
 * answered or waiting, with an address to write to, made since `since`, neither reminded yet nor
 * marked given; oldest first.
 */
export async function remindableOn(listIds: string[], since: Date): Promise<OfferingDoc[]> {
  if (listIds.length === 0) return [];
  const docs = (await Offering.find({
    'products.productListId': { $in: listIds },
    state: { $in: ['pending', 'address-given'] },
    offererEmail: { $ne: null },
    pledgeProductId: null,
    createdAt: { $gte: since },
  })
    .sort({ createdAt: 1, _id: 1 })
    .lean()
    .exec()) as OfferingDoc[];
  if (docs.length === 0) return [];
  const done = new Set(
    (
      (await GiverGift.find({ _id: { $in: docs.map((d) => d._id) }, $or: [{ remindedAt: { $ne: null } }, { stage: 'given' }] }, { _id: 1 })
        .lean()
        .exec()) as { _id: string }[]
    ).map((d) => d._id),
  );
  return docs.filter((d) => !done.has(d._id));
}

/** Erasure of a giver: their links and what they kept on these offers. */
export async function eraseGiver(key: string | null, offeringIds: string[]): Promise<void> {
  if (key) await GiftLink.deleteMany({ emailKey: key }).exec();
  if (offeringIds.length > 0) await GiverGift.deleteMany({ _id: { $in: offeringIds } }).exec();
}

/** The ids of the offers a giver made (signed in, or with the address), before they are erased. */
export async function offeringIdsOfGiver(userId: string, key: string | null): Promise<string[]> {
  const or: Record<string, unknown>[] = [{ offererUserId: userId }];
  if (key) or.push({ offererEmailKey: key });
  return ((await Offering.find({ $or: or }, { _id: 1 }).lean().exec()) as { _id: string }[]).map((d) => d._id);
}

/**
 * The giver's pledges to group gifts, newest first, with their pots: found by the address only
 * (pledges are made signed out), and only once the address confirmed them.
 */
export async function pledgesOf(giver: GiverKey): Promise<{ pledge: PledgeDoc; pot: PotDoc | undefined }[]> {
  if (!giver.emailKey) return [];
  const pledges = (await Pledge.find({ emailKey: giver.emailKey, state: { $in: ['confirmed', 'complete', 'withdrawn'] }, confirmedAt: { $ne: null } })
    .sort({ createdAt: -1, _id: 1 })
    .limit(GIFTS_PAGE_MAX)
    .lean()
    .exec()) as PledgeDoc[];
  if (pledges.length === 0) return [];
  const pots = new Map((await findPots([...new Set(pledges.map((p) => p.productId))])).map((pot) => [pot._id, pot]));
  return pledges.map((pledge) => ({ pledge, pot: pots.get(pledge.productId) }));
}
