import { createHash } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { utcDay } from '@wishlist/contracts';
import { reminderDueAt } from './occasions';
import { atomically, Favorite, ProductList, type ProductListDoc } from './models';
import { mailOutbox } from './mailOutbox';

/**
 * One reminder of one occasion to one person who follows the list: made when the list's reminder
 * falls due (unique per list, person and date: once per list and date, whatever the copies), then
 * sent by whichever copy of the service claims it. Kept once sent, so that the same date set again
 * reminds nobody twice; erased with the person or the list.
 */
const reminderSchema = new Schema({
  listId: { type: Schema.Types.ObjectId, required: true },
  userId: { type: String, required: true },
  eventDate: { type: String, required: true },
  state: { type: String, enum: ['due', 'sent', 'dropped'], default: 'due' },
  attempts: { type: Number, default: 0 },
  /** When a copy may (try to) send it; pushed forward by the copy that claims it. */
  nextAttemptAt: { type: Date, required: true },
  /** SHA-256 of each unsubscribe token mailed for it (the tokens themselves are never stored). */
  tokenHashes: { type: [String], default: [] },
  /** The recipient's language when it was sent (the unsubscribe page speaks it). */
  lang: { type: String, default: 'en' },
  sentAt: { type: Date, default: null },
});
reminderSchema.index({ listId: 1, userId: 1, eventDate: 1 }, { unique: true });
reminderSchema.index({ state: 1, nextAttemptAt: 1 });
reminderSchema.index({ tokenHashes: 1 });
reminderSchema.index({ userId: 1 });

export type ReminderDoc = InferSchemaType<typeof reminderSchema> & { _id: mongoose.Types.ObjectId };
export const Reminder = mongoose.model('Reminder', reminderSchema);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Takes one list whose reminder is due (conditional update: one copy gets it) and, in the same
 * transaction, makes the reminders of the people who follow it (never its owner, never those who
 * unsubscribed). A date already past by now reminds nobody. Null when nothing is due.
 */
export function takeDueList(now: Date): Promise<ProductListDoc | null> {
  return atomically(async (session) => {
    const list = (await ProductList.findOneAndUpdate(
      { reminderDueAt: { $lte: now }, archived: { $ne: true } },
      { $set: { reminderDueAt: null } },
      { returnDocument: 'before', session },
    )
      .lean()
      .exec()) as ProductListDoc | null;
    if (!list) return null;
    if (!list.eventDate || list.eventDate < utcDay(now)) return list;
    const followers = await Favorite.find({ listId: list._id, remindersOff: { $ne: true }, userId: { $ne: list.ownerId } }, { userId: 1 })
      .session(session)
      .lean()
      .exec();
    if (followers.length > 0) {
      await Reminder.bulkWrite(
        followers.map((f) => ({
          updateOne: {
            filter: { listId: list._id, userId: f.userId, eventDate: list.eventDate },
            update: { $setOnInsert: { state: 'due', attempts: 0, nextAttemptAt: now, tokenHashes: [], sentAt: null } },
            upsert: true,
          },
        })),
        { session },
      );
    }
    return list;
  });
}

/**
 * Someone who follows a list once its reminders are due (its date within the reminder's reach,
 * not past) is reminded too: one reminder for them, due now, unless they had one for this date.
 */
export async function remindLateFollower(userId: string, list: ProductListDoc, now: Date): Promise<boolean> {
  const due = reminderDueAt(list.eventDate, now);
  if (!list.eventDate || !due || due > now || list.archived || list.ownerId === userId) return false;
  await Reminder.init(); // the unique index must exist: concurrent adds make one reminder
  try {
    const r = await Reminder.updateOne(
      { listId: list._id, userId, eventDate: list.eventDate },
      { $setOnInsert: { state: 'due', attempts: 0, nextAttemptAt: now, tokenHashes: [], sentAt: null } },
      { upsert: true },
    ).exec();
    return r.upsertedCount > 0;
  } catch (err) {
    if ((err as { code?: number })?.code === 11000) return false;
    throw err;
  }
}

const reminderOutbox = mailOutbox<ReminderDoc>(Reminder);
/**
 * Takes one reminder due for sending: it is pushed `leaseMs` forward (conditional update, so one
 * copy sends it; a copy that dies while sending leaves it to another after the lease).
 */
export const claimReminder = reminderOutbox.claim;
export const addTokenHash = reminderOutbox.addTokenHash;
export const markReminder = reminderOutbox.mark;
export const retryReminderAt = reminderOutbox.retryAt;
export const findReminderByToken = (token: string): Promise<ReminderDoc | null> => reminderOutbox.findByTokenHash(hashToken(token));

/** No more reminders of this list to this person (their favorite stays). True when it was on. */
export async function turnRemindersOff(userId: string, listId: mongoose.Types.ObjectId): Promise<boolean> {
  const r = await Favorite.updateOne({ userId, listId, remindersOff: { $ne: true } }, { $set: { remindersOff: true } }).exec();
  await Reminder.updateMany({ userId, listId, state: 'due' }, { $set: { state: 'dropped' } }).exec();
  return r.modifiedCount > 0;
}

export async function remindersAreOff(userId: string, listId: mongoose.Types.ObjectId): Promise<boolean> {
  return (await Favorite.exists({ userId, listId, remindersOff: true }).exec()) !== null;
}

/**
 * The reminders of a person and of their lists (account erasure). Two deletes, each served by its
 * own index (a top-level `$or` is not planned by every engine); nothing is counted twice.
 */
export async function deleteRemindersOfUser(userId: string, ownListIds: mongoose.Types.ObjectId[]): Promise<number> {
  const mine = await Reminder.deleteMany({ userId }).exec();
  const ofMyLists = ownListIds.length ? await Reminder.deleteMany({ listId: { $in: ownListIds } }).exec() : { deletedCount: 0 };
  return (mine.deletedCount ?? 0) + (ofMyLists.deletedCount ?? 0);
}
