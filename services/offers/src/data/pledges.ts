import mongoose, { Schema } from 'mongoose';

export const PLEDGE_STATES = ['reserving', 'unconfirmed', 'confirmed', 'withdrawing', 'withdrawn', 'expired', 'complete'] as const;
export type PledgeState = (typeof PLEDGE_STATES)[number];
export const POT_STATES = ['open', 'completing', 'offered', 'unavailable'] as const;
export type PotState = (typeof POT_STATES)[number];

/**
 * One group gift's pot: the product's price and how much of it pledges hold. `pledged` is always
 * the sum of `holds` (both change in one conditional update), and the update that adds a hold
 * re-checks what it read, so never more than `price` is pledged whatever the number of pledgers
 * and copies of the service. A refused gift starts a new `round` (its pledges no longer count).
 */
const potSchema = new Schema(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    price: { type: Number, required: true },
    pledged: { type: Number, default: 0 },
    holds: { type: [{ pledgeId: String, amount: Number, _id: false }], default: [] },
    round: { type: Number, default: 1 },
    state: { type: String, enum: POT_STATES, default: 'open' },
    /** The offering made when fully pledged (decided when the pot starts completing). */
    offeringId: { type: String, default: null },
    /** One call completes the pot until then; the sweep takes over a completion left unfinished. */
    completingUntil: { type: Date, default: null },
    product: {
      name: { type: String, default: '' },
      image: { type: String, default: '' },
      url: { type: String, default: '' },
      websiteName: { type: String, default: '' },
      productListId: { type: String, default: '' },
      listName: { type: String, default: '' },
    },
  },
  { timestamps: false, versionKey: false, collection: 'pledge_pots' },
);
potSchema.index({ state: 1, completingUntil: 1 });

/** One visitor's part of a group gift. `_id` is random (128 bits): it is in the pledger's links. */
const pledgeSchema = new Schema(
  {
    _id: { type: String, required: true },
    productId: { type: String, required: true },
    round: { type: Number, required: true },
    state: { type: String, enum: PLEDGE_STATES, required: true },
    /** Cents held in the pot; `requested` is what the pledger asked (more when the pledge was cut). */
    amount: { type: Number, required: true },
    requested: { type: Number, required: true },
    name: { type: String, default: '' },
    email: { type: String, default: null },
    emailKey: { type: String, default: null },
    message: { type: String, default: '' },
    lang: { type: String, enum: ['en', 'fr'], default: 'en' },
    /** SHA-256 of the token of the pledger's link (confirmation, their page, withdrawal). */
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    confirmedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    /** When `reserving` or `withdrawing` began: the sweep finishes what a crash interrupted. */
    changingSince: { type: Date, default: null },
  },
  { timestamps: false, versionKey: false },
);
pledgeSchema.index({ productId: 1, round: 1, state: 1 });
pledgeSchema.index({ state: 1, expiresAt: 1 });
pledgeSchema.index({ state: 1, changingSince: 1 });
pledgeSchema.index({ emailKey: 1 });

export interface PotProduct {
  name: string;
  image: string;
  url: string;
  websiteName: string;
  productListId: string;
  listName: string;
}
export interface PotDoc {
  _id: string;
  ownerId: string;
  price: number;
  pledged: number;
  holds: { pledgeId: string; amount: number }[];
  round: number;
  state: PotState;
  offeringId: string | null;
  completingUntil: Date | null;
  product: PotProduct;
}
export interface PledgeDoc {
  _id: string;
  productId: string;
  round: number;
  state: PledgeState;
  amount: number;
  requested: number;
  name: string;
  email: string | null;
  emailKey: string | null;
  message: string;
  lang: 'en' | 'fr';
  tokenHash: string;
  expiresAt: Date;
  confirmedAt: Date | null;
  createdAt: Date;
  changingSince: Date | null;
}

export const PledgePot = mongoose.model('PledgePot', potSchema);
export const Pledge = mongoose.model('Pledge', pledgeSchema);

const lean = <T>(q: { lean(): { exec(): Promise<unknown> } }) => q.lean().exec() as Promise<T>;

export function findPot(productId: string): Promise<PotDoc | null> {
  return lean(PledgePot.findById(productId));
}

export function findPots(productIds: string[]): Promise<PotDoc[]> {
  return lean(PledgePot.find({ _id: { $in: productIds } }));
}

/** The pot of a product, made on its first pledge (two first pledges racing make one). */
export async function ensurePot(productId: string, ownerId: string, price: number, product: PotProduct): Promise<PotDoc> {
  try {
    await PledgePot.create({ _id: productId, ownerId, price, product });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  const pot = await findPot(productId);
  if (!pot) throw new Error('pledge pot vanished');
  return pot;
}

/** The owner changed the price or the product before anyone pledged: the pot follows. */
export async function refreshEmptyPot(pot: PotDoc, price: number, product: PotProduct): Promise<void> {
  if (pot.state !== 'open' || pot.pledged !== 0) return;
  await PledgePot.updateOne({ _id: pot._id, state: 'open', pledged: 0, round: pot.round }, { $set: { price, product } }).exec();
}

/**
 * Adds a hold of `amount` for `pledgeId`, only if the pot is still as read (`pledged` and `round`)
 * or, for an amount that fits, only if it still fits: one conditional update either way.
 */
export async function addHold(pot: PotDoc, pledgeId: string, amount: number, mode: 'fits' | 'as-read'): Promise<boolean> {
  const filter: Record<string, unknown> = { _id: pot._id, round: pot.round, state: 'open', 'holds.pledgeId': { $ne: pledgeId } };
  if (mode === 'fits') filter.pledged = { $lte: pot.price - amount };
  else filter.pledged = pot.pledged;
  const res = await PledgePot.updateOne(filter, { $inc: { pledged: amount }, $push: { holds: { pledgeId, amount } } }).exec();
  return res.modifiedCount === 1;
}

/** Gives a pledge's amount back to its pot (idempotent: only a hold still there is removed). */
export async function removeHold(productId: string, round: number, pledgeId: string, amount: number): Promise<boolean> {
  const res = await PledgePot.updateOne(
    { _id: productId, round, state: 'open', holds: { $elemMatch: { pledgeId, amount } } },
    { $inc: { pledged: -amount }, $pull: { holds: { pledgeId } } },
  ).exec();
  return res.modifiedCount === 1;
}

/** `open` → `completing`, once: only when fully pledged (the caller checked every pledge is confirmed). */
export function startCompleting(productId: string, round: number, price: number, offeringId: string, until: Date): Promise<PotDoc | null> {
  return lean(
    PledgePot.findOneAndUpdate(
      { _id: productId, round, state: 'open', pledged: price, price },
      { $set: { state: 'completing', offeringId, completingUntil: until } },
      { returnDocument: 'after' },
    ),
  );
}

/** Takes over a completion whose lease ran out (a crash, lists unreachable). */
export function retakeCompletion(productId: string, at: Date, until: Date): Promise<PotDoc | null> {
  return lean(
    PledgePot.findOneAndUpdate(
      { _id: productId, state: 'completing', completingUntil: { $lte: at } },
      { $set: { completingUntil: until } },
      { returnDocument: 'after' },
    ),
  );
}

export function completionsDue(at: Date, limit: number): Promise<PotDoc[]> {
  return lean(PledgePot.find({ state: 'completing', completingUntil: { $lte: at } }).limit(limit));
}

export async function finishCompletion(productId: string, offeringId: string, state: 'offered' | 'unavailable'): Promise<void> {
  await PledgePot.updateOne({ _id: productId, state: 'completing', offeringId }, { $set: { state, completingUntil: null } }).exec();
}

/** The owner refused the gift: its pledges are done with, and the product may be pledged for again. */
export async function newRound(productId: string, offeringId: string): Promise<void> {
  await PledgePot.updateOne(
    { _id: productId, offeringId, state: 'offered' },
    { $set: { state: 'open', pledged: 0, holds: [], offeringId: null, completingUntil: null }, $inc: { round: 1 } },
  ).exec();
}

export async function insertPledge(doc: PledgeDoc): Promise<void> {
  await Pledge.create(doc);
}

export function findPledge(id: string): Promise<PledgeDoc | null> {
  return lean(Pledge.findById(id));
}

export function pledgesOfRound(productId: string, round: number, states: readonly PledgeState[]): Promise<PledgeDoc[]> {
  return lean(Pledge.find({ productId, round, state: { $in: states } }).sort({ createdAt: 1, _id: 1 }));
}

/** A conditional state change; returns the pledge after it, or null when it was not in `from`. */
export function movePledge(id: string, from: readonly PledgeState[], set: Partial<PledgeDoc>, extra: Record<string, unknown> = {}): Promise<PledgeDoc | null> {
  return lean(Pledge.findOneAndUpdate({ _id: id, state: { $in: from }, ...extra }, { $set: set }, { returnDocument: 'after' }));
}

export async function completeRound(productId: string, round: number): Promise<void> {
  await Pledge.updateMany({ productId, round, state: { $in: ['confirmed', 'withdrawing'] } }, { $set: { state: 'complete', changingSince: null } }).exec();
}

export async function deletePledge(id: string): Promise<void> {
  await Pledge.deleteOne({ _id: id, state: 'reserving' }).exec();
}

export function pledgesExpiredBy(at: Date, limit: number): Promise<PledgeDoc[]> {
  return lean(Pledge.find({ state: 'unconfirmed', expiresAt: { $lte: at } }).limit(limit));
}

export function pledgesStuckBefore(cutoff: Date, limit: number): Promise<PledgeDoc[]> {
  return lean(Pledge.find({ state: { $in: ['reserving', 'withdrawing'] }, changingSince: { $lte: cutoff } }).limit(limit));
}

/** Account erasure by address: the pledger's name, address and message go. */
export async function erasePledger(emailKey: string): Promise<number> {
  const res = await Pledge.updateMany({ emailKey }, { $set: { name: '', email: null, emailKey: null, message: '' } }).exec();
  return res.modifiedCount;
}

/** The pledgers of a completed round (their mails: complete, address, refusal). */
export function pledgersOf(productId: string, round: number): Promise<PledgeDoc[]> {
  return pledgesOfRound(productId, round, ['complete']);
}
