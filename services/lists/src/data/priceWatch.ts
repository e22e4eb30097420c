import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { Favorite, Product, ProductList, type ProductDoc } from './models';
import { firstCheck, type PricePoint } from '../priceWatch/rules';
import { mailOutbox } from './mailOutbox';

/**
 * One shop (a host name) as price watch sees it: when it may be asked for a page next, by any
 * copy of the service, and how many times in a row it refused. Kept in the database, so the
 * per-shop pace holds across copies and restarts.
 */
const shopSchema = new Schema({
  _id: { type: String, required: true },
  nextAt: { type: Date, required: true },
  failures: { type: Number, default: 0 },
});
export const PriceWatchShop = mongoose.model('PriceWatchShop', shopSchema, 'pricewatchshops');

/**
 * A price-drop mail to one person: at most one per person and UTC day (unique), made when a drop
 * is read and sent by whichever copy claims it (5-minute lease), like occasion reminders.
 */
const priceAlertSchema = new Schema({
  userId: { type: String, required: true },
  day: { type: String, required: true },
  listId: { type: Schema.Types.ObjectId, required: true },
  productId: { type: Schema.Types.ObjectId, required: true },
  oldPrice: { type: Number, required: true },
  newPrice: { type: Number, required: true },
  state: { type: String, enum: ['due', 'sent', 'dropped'], default: 'due' },
  attempts: { type: Number, default: 0 },
  nextAttemptAt: { type: Date, required: true },
  /** SHA-256 of the opt-out token mailed (the token itself is never stored). */
  tokenHashes: { type: [String], default: [] },
  lang: { type: String, default: 'en' },
  sentAt: { type: Date, default: null },
});
priceAlertSchema.index({ userId: 1, day: 1 }, { unique: true });
priceAlertSchema.index({ state: 1, nextAttemptAt: 1 });
priceAlertSchema.index({ tokenHashes: 1 });
priceAlertSchema.index({ listId: 1 });
export type PriceAlertDoc = InferSchemaType<typeof priceAlertSchema> & { _id: mongoose.Types.ObjectId };
export const PriceAlert = mongoose.model('PriceAlert', priceAlertSchema, 'pricealerts');

/* Products ----------------------------------------------------------------------------------- */

/**
 * Takes one product due for a reading: its next reading is pushed `leaseMs` forward in the same
 * conditional update, so one copy reads it; a copy that dies meanwhile leaves it to another.
 */
export async function claimDueProduct(now: Date, leaseMs: number): Promise<ProductDoc | null> {
  return (await Product.findOneAndUpdate(
    { priceNextCheckAt: { $lte: now } },
    { $set: { priceNextCheckAt: new Date(now.getTime() + leaseMs) } },
    { returnDocument: 'after', sort: { priceNextCheckAt: 1 }, timestamps: false },
  )
    .lean()
    .exec()) as ProductDoc | null;
}

/** Products stored before price watch have no next reading: each gets one in the coming day. */
export async function scheduleUnwatched(now: Date, max: number): Promise<number> {
  const rows = await Product.find({ priceNextCheckAt: { $exists: false } }, { _id: 1 }).limit(max).lean().exec();
  for (const row of rows) {
    await Product.updateOne({ _id: row._id, priceNextCheckAt: { $exists: false } }, { $set: { priceNextCheckAt: firstCheck(now) } }, { timestamps: false }).exec();
  }
  return rows.length;
}

export async function rescheduleProduct(id: mongoose.Types.ObjectId, at: Date): Promise<void> {
  await Product.updateOne({ _id: id }, { $set: { priceNextCheckAt: at } }, { timestamps: false }).exec();
}

/**
 * A reading that gave a price. Written only if the product still has the price it was read with
 * (an owner's edit meanwhile wins; the next reading sees it). The product after, or null.
 */
export async function recordReading(
  product: ProductDoc,
  fields: { price: number; history: PricePoint[]; checkedAt: Date; nextAt: Date },
): Promise<ProductDoc | null> {
  return (await Product.findOneAndUpdate(
    { _id: product._id, price: product.price ?? null },
    {
      $set: {
        price: fields.price,
        priceHistory: fields.history,
        priceCheckedAt: fields.checkedAt,
        priceStale: false,
        priceFailures: 0,
        priceNextCheckAt: fields.nextAt,
      },
    },
    { returnDocument: 'after', timestamps: false },
  )
    .lean()
    .exec()) as ProductDoc | null;
}

/** A reading that failed: the last price stays, marked stale; the next reading is backed off. */
export async function recordFailure(id: mongoose.Types.ObjectId, failures: number, nextAt: Date): Promise<ProductDoc | null> {
  return (await Product.findOneAndUpdate(
    { _id: id },
    { $set: { priceStale: true, priceFailures: failures, priceNextCheckAt: nextAt } },
    { returnDocument: 'after', timestamps: false },
  )
    .lean()
    .exec()) as ProductDoc | null;
}

/* Shops -------------------------------------------------------------------------------------- */

/**
 * Takes the shop's turn: true when this copy may ask it now (its next turn is then `intervalMs`
 * away), else the time its turn comes. One conditional upsert: two copies never both get a turn.
 */
export async function takeShopTurn(host: string, now: Date, intervalMs: number): Promise<true | Date> {
  try {
    const taken = await PriceWatchShop.findOneAndUpdate(
      { _id: host, nextAt: { $lte: now } },
      { $set: { nextAt: new Date(now.getTime() + intervalMs) } },
      { upsert: true, returnDocument: 'after' },
    )
      .lean()
      .exec();
    if (taken) return true;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  const shop = await PriceWatchShop.findById(host, { nextAt: 1 }).lean().exec();
  return shop?.nextAt ?? new Date(now.getTime() + intervalMs);
}

/** A refusal (error status, robot check, no answer): the shop's failures in a row after it. */
export async function shopFailed(host: string): Promise<number> {
  const shop = await PriceWatchShop.findOneAndUpdate({ _id: host }, { $inc: { failures: 1 } }, { returnDocument: 'after' }).lean().exec();
  return shop?.failures ?? 1;
}

/** Keeps the shop away until `until` (never brings a later turn forward). */
export async function holdShopUntil(host: string, until: Date): Promise<void> {
  await PriceWatchShop.updateOne({ _id: host, nextAt: { $lt: until } }, { $set: { nextAt: until } }).exec();
}

export async function shopAnswered(host: string): Promise<void> {
  await PriceWatchShop.updateOne({ _id: host, failures: { $ne: 0 } }, { $set: { failures: 0 } }).exec();
}

/* Alerts ------------------------------------------------------------------------------------- */

/** The people to mail about a drop on a list: followers who opted in, never the owner; none when the owner turned alerts off. */
export async function alertRecipients(listId: mongoose.Types.ObjectId): Promise<{ ownerId: string; userIds: string[] } | null> {
  const list = await ProductList.findById(listId, { ownerId: 1, priceAlerts: 1, archived: 1 }).lean().exec();
  if (!list || list.priceAlerts === false || list.archived) return null;
  const followers = await Favorite.find({ listId, priceAlerts: true, userId: { $ne: list.ownerId } }, { userId: 1 }).lean().exec();
  return { ownerId: list.ownerId, userIds: followers.map((f) => f.userId) };
}

/** Makes the day's alert of each person unless they already have one that day (unique key). */
export async function queueAlerts(
  userIds: string[],
  alert: { day: string; listId: mongoose.Types.ObjectId; productId: mongoose.Types.ObjectId; oldPrice: number; newPrice: number; now: Date },
): Promise<number> {
  if (userIds.length === 0) return 0;
  await PriceAlert.init(); // the unique index must exist before two copies insert
  const { now, ...fields } = alert;
  const r = await PriceAlert.bulkWrite(
    userIds.map((userId) => ({
      updateOne: {
        filter: { userId, day: fields.day },
        update: { $setOnInsert: { ...fields, userId, state: 'due', attempts: 0, nextAttemptAt: now, tokenHashes: [], sentAt: null } },
        upsert: true,
      },
    })),
    { ordered: false },
  ).catch((err: { code?: number; result?: { upsertedCount?: number } }) => {
    if (err.code === 11000) return { upsertedCount: err.result?.upsertedCount ?? 0 };
    throw err;
  });
  return r.upsertedCount ?? 0;
}

const alertOutbox = mailOutbox<PriceAlertDoc>(PriceAlert);
export const claimAlert = alertOutbox.claim;
export const addAlertToken = alertOutbox.addTokenHash;
export const markAlert = alertOutbox.mark;
export const retryAlertAt = alertOutbox.retryAt;
export const findAlertByTokenHash = alertOutbox.findByTokenHash;

/** Whether the person still wants this list's price alerts. */
export async function alertsWanted(userId: string, listId: mongoose.Types.ObjectId): Promise<boolean> {
  return (await Favorite.exists({ userId, listId, priceAlerts: true }).exec()) !== null;
}

/** The favorites page's toggle and the mail's opt-out. False when the person does not follow the list. */
export async function setFavoriteAlerts(userId: string, listId: mongoose.Types.ObjectId, on: boolean): Promise<boolean> {
  const r = await Favorite.updateOne({ userId, listId }, { $set: { priceAlerts: on } }).exec();
  if (!on) await PriceAlert.updateMany({ userId, listId, state: 'due' }, { $set: { state: 'dropped' } }).exec();
  return r.matchedCount > 0;
}

/** The price alerts to a person and of their lists (account erasure). */
export async function deletePriceAlertsOfUser(userId: string, ownListIds: mongoose.Types.ObjectId[]): Promise<number> {
  // Two deletes, each served by its index (a top-level $or is not planned by every engine).
  const mine = await PriceAlert.deleteMany({ userId }).exec();
  const ofMyLists = ownListIds.length ? await PriceAlert.deleteMany({ listId: { $in: ownListIds } }).exec() : { deletedCount: 0 };
  return (mine.deletedCount ?? 0) + (ofMyLists.deletedCount ?? 0);
}
