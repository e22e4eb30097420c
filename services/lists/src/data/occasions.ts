import { REMINDER_DAYS_BEFORE, utcDay } from '@wishlist/contracts';
import { atomically, ProductList, type ProductListDoc } from './models';
import { isKeeper } from '../domain/keepers';

/**
 * When the reminder of an occasion on `eventDate` falls due: 00:00 UTC, REMINDER_DAYS_BEFORE days
 * before. Null without a date or for a date already past (nothing to remind of). A date nearer
 * than that is due at once: the people who follow the list still hear of it before the day.
 */
export function reminderDueAt(eventDate: string | null | undefined, now: Date): Date | null {
  if (!eventDate || eventDate < utcDay(now)) return null;
  return new Date(Date.parse(`${eventDate}T00:00:00Z`) - REMINDER_DAYS_BEFORE * 86_400_000);
}

export interface ListChange {
  name?: string;
  eventDate?: string | null;
  archived?: boolean;
  recipient?: string;
}

export type ChangeListOutcome = { list: ProductListDoc } | 'not_found' | 'forbidden' | 'last_list';

/**
 * Changes a list's name, date and archived mark, all or nothing. A new date (another day) arms its
 * reminder again. Archiving is refused for the owner's last list that is not archived: the
 * owner's other active lists are written in the same transaction, so that two concurrent
 * archivings (or an archiving and a deletion) cannot both pass that check.
 */
export function changeList(userId: string, id: string, change: ListChange, now: Date): Promise<ChangeListOutcome> {
  return atomically(async (session) => {
    const list = (await ProductList.findById(id).session(session).lean().exec()) as ProductListDoc | null;
    if (!list) return 'not_found';
    if (!isKeeper(list, userId)) return 'forbidden';
    // The owner's lists decide whether this one may be archived, whoever of its keepers asks.
    const ownerId = list.ownerId;
    const set: Record<string, unknown> = {};
    if (change.name !== undefined) set.name = change.name;
    if (change.recipient !== undefined) set.recipient = change.recipient;
    if (change.eventDate !== undefined && change.eventDate !== (list.eventDate ?? null)) {
      set.eventDate = change.eventDate;
      set.reminderDueAt = reminderDueAt(change.eventDate, now);
    }
    if (change.archived !== undefined && change.archived !== (list.archived === true)) {
      if (change.archived) {
        const others = await ProductList.updateMany(
          { ownerId, _id: { $ne: list._id }, archived: { $ne: true } },
          { $inc: { revision: 1 } },
          { session },
        ).exec();
        if (others.matchedCount === 0) return 'last_list';
      }
      set.archived = change.archived;
    }
    const updated = await ProductList.findByIdAndUpdate(list._id, { $set: set, $inc: { revision: 1 } }, { returnDocument: 'after', session })
      .lean()
      .exec();
    return { list: updated as ProductListDoc };
  });
}
