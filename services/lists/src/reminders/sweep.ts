import { randomBytes } from 'node:crypto';
import { daysBetween, utcDay } from '@wishlist/contracts';
import type { Logger, Mailer } from '@wishlist/service-kit';
import { findList } from '../data/lists';
import { addTokenHash, claimReminder, hashToken, markReminder, retryReminderAt, takeDueList, type ReminderDoc } from '../data/reminders';
import { Favorite } from '../data/models';
import { reminderMail } from './reminderMail';
import type { UsersApi } from './users';

/** A copy that claimed a reminder has this long to send it before another copy may. */
const SEND_LEASE_MS = 5 * 60_000;
/** Retries of a mail that could not be sent: 1 min, doubling, at most this many attempts. */
const MAX_ATTEMPTS = 8;
/** Bounds one sweep's work, so that a large backlog is spread over several sweeps. */
const MAX_PER_SWEEP = 500;

export interface ReminderSweeper {
  /** One pass: turns due lists into reminders, then sends the reminders due. */
  sweep(): Promise<{ lists: number; sent: number; dropped: number }>;
}

export interface ReminderDeps {
  users: UsersApi;
  mailer: Mailer;
  publicUrl: string;
  logger?: Logger;
  now?: () => Date;
}

/** 128 random bits, base64url: what the unsubscribe link carries (stored only as its SHA-256). */
export const newUnsubscribeToken = () => randomBytes(16).toString('base64url');

export function createReminderSweeper(deps: ReminderDeps): ReminderSweeper {
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** Sends one claimed reminder, or drops it when it no longer applies. */
  async function deliver(reminder: ReminderDoc): Promise<'sent' | 'dropped'> {
    const at = now();
    const list = await findList(String(reminder.listId));
    // Still followed, and not unsubscribed since the reminder was made.
    const favorite = list ? await Favorite.findOne({ userId: reminder.userId, listId: reminder.listId }, { remindersOff: 1 }).lean().exec() : null;
    const applies =
      list &&
      favorite &&
      !favorite.remindersOff &&
      !list.archived &&
      list.eventDate === reminder.eventDate &&
      reminder.eventDate >= utcDay(at) &&
      list.ownerId !== reminder.userId;
    if (!applies) {
      await markReminder(reminder._id, 'dropped', at);
      return 'dropped';
    }
    const contact = await deps.users.contact(reminder.userId);
    if (!contact) {
      await markReminder(reminder._id, 'dropped', at);
      return 'dropped';
    }
    const token = newUnsubscribeToken();
    await addTokenHash(reminder._id, hashToken(token), contact.lang);
    await deps.mailer.send(
      reminderMail({
        to: contact.email,
        lang: contact.lang,
        listName: list.name,
        eventDate: reminder.eventDate,
        days: daysBetween(utcDay(at), reminder.eventDate),
        listUrl: `${base}/see/${encodeURIComponent(String(list._id))}`,
        unsubscribeUrl: `${base}/api/favorites/reminders/${token}`,
      }),
    );
    await markReminder(reminder._id, 'sent', at);
    return 'sent';
  }

  return {
    async sweep() {
      const out = { lists: 0, sent: 0, dropped: 0 };
      for (let i = 0; i < MAX_PER_SWEEP && (await takeDueList(now())); i++) out.lists++;
      for (let i = 0; i < MAX_PER_SWEEP; i++) {
        const reminder = await claimReminder(now(), SEND_LEASE_MS);
        if (!reminder) break;
        try {
          out[await deliver(reminder)]++;
        } catch (err) {
          deps.logger?.warn({ err, reminder: String(reminder._id) }, 'reminder not sent; retried later');
          const attempts = reminder.attempts ?? 1;
          if (attempts >= MAX_ATTEMPTS) await markReminder(reminder._id, 'dropped', now());
          else await retryReminderAt(reminder._id, new Date(now().getTime() + 60_000 * 2 ** (attempts - 1)));
        }
      }
      return out;
    },
  };
}
