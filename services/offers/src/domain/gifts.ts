import { offeredProductFields } from './views';
import { randomUUID } from 'node:crypto';
import { utcDay, type GiftChange, type GiftPledgeView, type GiftsAnswer, type GiftStage, type GiftView } from '@wishlist/contracts';
import { HttpError, type Logger, type Mailer } from '@wishlist/service-kit';
import {
  claimReminder,
  eraseGiver,
  giftLinkKey,
  giftOf,
  giftsOf,
  giverGifts,
  offeringIdsOfGiver,
  pledgesOf,
  remindableOn,
  reminderFailed,
  reminderSent,
  saveGiverGift,
  type GiverGiftDoc,
  type GiverKey,
} from '../data/gifts';
import type { OfferingDoc } from '../data/models';
import type { PledgeDoc, PotDoc } from '../data/pledges';
import { emailKey } from '../data/offerings';
import { CODE_PATTERN, hashCode } from './codes';
import { giftReminderMail } from './giftMailer';
import { newGiftsLink } from './giftLinks';
import type { ListOccasion, OccasionsApi } from './giftOccasions';
import type { UsersApi } from './upstreams';

/** One answer for a wrong token and an unknown link: the route does not tell which. */
const linkNotFound = () =>
  HttpError.notFound('This link to your gifts is not valid. Open the whole link from the latest e-mail about your gifts.', 'gifts_link_invalid');
const giftNotFound = () => HttpError.notFound('This gift does not exist, or it is not yours.', 'gift_not_found');

/** How long one call holds a reminder while sending it; a copy that dies leaves it to the next sweep after that. */
const REMINDER_LEASE_MS = 5 * 60_000;
const REMINDER_RETRY_MS = 60_000;
const REMINDER_MAX_ATTEMPTS = 6;
/** Offers older than this are not looked at for reminders any more. */
const REMINDER_HORIZON_MS = 400 * 86_400_000;

/** Where a gift stands for its giver: the owner's answer first, then the giver's own mark. */
export function stageOf(doc: OfferingDoc, own: GiverGiftDoc | undefined): GiftStage {
  if (doc.state === 'refused') return 'refused';
  if (doc.state === 'withdrawn') return 'withdrawn';
  if (own?.stage === 'given' || own?.stage === 'bought') return own.stage;
  return doc.state === 'address-given' ? 'address-received' : 'offered';
}

/**
 * The date a gift's occasion is on: the nearest date still to come of the lists its products are
 * on, else the latest past one (the occasion went by), else null.
 */
export function occasionOf(doc: OfferingDoc, occasions: Map<string, ListOccasion>, today: string): string | null {
  const dates = [...new Set(doc.products.map((p) => occasions.get(p.productListId ?? '')?.eventDate).filter((d): d is string => Boolean(d)))].sort();
  return dates.find((d) => d >= today) ?? dates.at(-1) ?? null;
}

function toGiftView(doc: OfferingDoc, own: GiverGiftDoc | undefined, eventDate: string | null): GiftView {
  return {
    id: doc._id,
    stage: stageOf(doc, own),
    withdrawable: doc.state === 'pending',
    products: doc.products.map((p) => ({ ...offeredProductFields(p), listName: p.listName ?? '' })),
    listNames: [...new Set(doc.products.map((p) => p.listName ?? '').filter(Boolean))],
    eventDate,
    offererIdentity: doc.offererIdentity ?? '',
    offererMessage: doc.offererMessage ?? '',
    isExpectingAddress: doc.isExpectingAddress,
    address: doc.state === 'address-given' ? (doc.address ?? '') : '',
    note: own?.note ?? '',
    cost: own?.cost ?? null,
    remindedAt: own?.remindedAt && own.remindedAt.getTime() > 0 ? own.remindedAt.toISOString() : null,
    createdAt: doc.createdAt.toISOString(),
    answeredAt: doc.answeredAt ? doc.answeredAt.toISOString() : null,
  };
}

function toPledgeView(pledge: PledgeDoc, pot: PotDoc | undefined): GiftPledgeView {
  const product = pot?.product;
  return {
    id: pledge._id,
    state: pledge.state === 'complete' ? 'complete' : pledge.state === 'withdrawn' ? 'withdrawn' : 'confirmed',
    amount: pledge.amount,
    price: pot?.price ?? pledge.amount,
    product: { name: product?.name ?? '', image: product?.image ?? '', url: product?.url ?? '', websiteName: product?.websiteName ?? '', listName: product?.listName ?? '' },
    createdAt: pledge.createdAt.toISOString(),
  };
}

/**
 * The giver's side of their offers ("My gifts"): read through the mailed link (its token opens
 * the gifts made with one address) or signed in (the account's offers and those made with its
 * address); the giver's own stage, note and cost; withdrawal under the usual rules; and one
 * reminder mail before the occasion.
 */
export function createGifts(deps: {
  users: UsersApi;
  occasions: OccasionsApi;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  logger?: Logger;
  /** Days before the occasion the reminder is due (00:00 UTC that day). */
  reminderDays: number;
  /** The withdrawal of an offering the caller was recognised as the giver of. */
  withdraw: (id: string) => Promise<{ id: string; state: 'withdrawn' }>;
}) {
  const log = deps.logger;

  async function occasionsOrNone(docs: OfferingDoc[]): Promise<Map<string, ListOccasion>> {
    try {
      return await deps.occasions.occasions(docs.flatMap((d) => d.products.map((p) => p.productListId ?? '')));
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'occasion dates unknown for the gifts page');
      return new Map();
    }
  }

  async function views(docs: OfferingDoc[]): Promise<GiftView[]> {
    const [own, occasions] = await Promise.all([giverGifts(docs.map((d) => d._id)), occasionsOrNone(docs)]);
    const today = utcDay(deps.now());
    return docs.map((d) => toGiftView(d, own.get(d._id), occasionOf(d, occasions, today)));
  }

  async function answer(giver: GiverKey): Promise<GiftsAnswer> {
    const [gifts, pledges] = await Promise.all([giftsOf(giver).then(views), pledgesOf(giver)]);
    return { gifts, pledges: pledges.map(({ pledge, pot }) => toPledgeView(pledge, pot)) };
  }

  async function giverOfLink(token: string): Promise<GiverKey> {
    if (!CODE_PATTERN.test(token)) throw linkNotFound();
    const key = await giftLinkKey(hashCode(token));
    if (!key) throw linkNotFound();
    return { emailKey: key };
  }

  /** A signed-in giver: their account's offers, and those made with its address (auth unreachable: the account's only). */
  async function giverOfAccount(userId: string): Promise<GiverKey> {
    try {
      const contact = await deps.users.contact(userId);
      return { userId, emailKey: contact ? emailKey(contact.email) : null };
    } catch (err) {
      log?.warn({ err: (err as Error).message }, "account address unknown; the gifts page shows the account's own offers");
      return { userId, emailKey: null };
    }
  }

  async function theirs(giver: GiverKey, id: string): Promise<OfferingDoc> {
    const doc = await giftOf(giver, id);
    if (!doc) throw giftNotFound();
    return doc;
  }

  async function sendReminder(doc: OfferingDoc, eventDate: string, by: string): Promise<boolean> {
    try {
      const href = await newGiftsLink(deps.publicUrl, doc.offererEmail!, doc.offererLang, deps.now());
      await deps.mailer.send(
        giftReminderMail({
          to: doc.offererEmail!,
          lang: doc.offererLang,
          eventDate,
          products: doc.products,
          addressGiven: doc.state === 'address-given',
          giftsHref: href,
        }),
      );
      await reminderSent(doc._id, by, deps.now());
      return true;
    } catch (err) {
      const own = (await giverGifts([doc._id])).get(doc._id);
      const attempts = (own?.reminderAttempts ?? 0) + 1;
      const retryAt = new Date(deps.now().getTime() + REMINDER_RETRY_MS * 2 ** (attempts - 1));
      log?.warn({ offeringId: doc._id, attempts, err: (err as Error).message }, 'gift reminder not sent');
      await reminderFailed(doc._id, by, retryAt, attempts >= REMINDER_MAX_ATTEMPTS);
      return false;
    }
  }

  return {
    /** `GET /api/gifts/by-link`: the gifts the link's token opens. */
    async byLink(token: string): Promise<GiftsAnswer> {
      return answer(await giverOfLink(token));
    },

    /** `GET /api/gifts`: a signed-in giver's gifts across lists. */
    async ofAccount(userId: string): Promise<GiftsAnswer> {
      return answer(await giverOfAccount(userId));
    },

    /** Who the caller is as a giver: the link's token when sent, else the account. */
    async giver(token: string | null, userId: string | null): Promise<GiverKey> {
      if (token !== null) return giverOfLink(token);
      if (userId) return giverOfAccount(userId);
      throw HttpError.unauthorized('Open the link to your gifts from your e-mail, or sign in.');
    },

    /** `PATCH /api/gifts/{id}`: the giver's own stage, note and cost. */
    async change(giver: GiverKey, id: string, change: GiftChange): Promise<GiftView> {
      const doc = await theirs(giver, id);
      if (change.stage != null && doc.state !== 'pending' && doc.state !== 'address-given') {
        throw HttpError.conflict(
          doc.state === 'refused' ? 'The owner declined this gift: it cannot be marked bought or given.' : 'You withdrew this gift: it cannot be marked bought or given.',
          'gift_closed',
        );
      }
      const set: Partial<Pick<GiverGiftDoc, 'stage' | 'note' | 'cost'>> = {};
      if (change.stage !== undefined) set.stage = change.stage;
      if (change.note !== undefined) set.note = change.note;
      if (change.cost !== undefined) set.cost = change.cost;
      if (Object.keys(set).length > 0) await saveGiverGift(id, set, deps.now());
      return (await views([doc]))[0];
    },

    /** `POST /api/gifts/{id}/withdrawal`: the withdrawal rules of the receipt's link. */
    async withdraw(giver: GiverKey, id: string): Promise<{ id: string; state: 'withdrawn' }> {
      await theirs(giver, id);
      return deps.withdraw(id);
    },

    /**
     * Mails each giver whose gift is still on its way (offered or address received, not marked
     * given) one reminder, `reminderDays` before the occasion of the list (the list's `eventDate`,
     * read now: a moved date moves the reminder). A gift offered after that day gets none (the
     * giver has just made it). Each reminder is taken with a lease first (`claimReminder`), so the
     * sweeps of every copy send it once; a failed send is retried with a growing delay, then given up.
     */
    async remindGivers(): Promise<number> {
      const at = deps.now();
      const today = utcDay(at);
      // Due from `reminderDays` before the occasion to the day itself: only the lists with an
      // occasion from today to that many days ahead can owe one, a page of them at a time.
      const until = utcDay(new Date(at.getTime() + deps.reminderDays * 86_400_000));
      const since = new Date(at.getTime() - REMINDER_HORIZON_MS);
      let sent = 0;
      let after: string | null = null;
      do {
        let docs: OfferingDoc[];
        let occasions: Map<string, ListOccasion>;
        try {
          const page = await deps.occasions.upcoming(today, until, after);
          after = page.next;
          occasions = new Map(page.lists.map((l) => [l.id, l]));
          docs = await remindableOn([...occasions.keys()], since);
          // An offer may hold products of other lists too: its occasion is the nearest of them all.
          const others = docs.flatMap((d) => d.products.map((p) => p.productListId ?? '')).filter((id) => !occasions.has(id));
          if (others.length) for (const [id, o] of await deps.occasions.occasions(others)) occasions.set(id, o);
        } catch (err) {
          log?.warn({ err: (err as Error).message }, 'gift reminders wait: list dates unknown');
          break;
        }
        for (const doc of docs) {
          const eventDate = occasionOf(doc, occasions, today);
          if (!eventDate || eventDate < today) continue;
          const dueAt = Date.parse(`${eventDate}T00:00:00Z`) - deps.reminderDays * 86_400_000;
          if (at.getTime() < dueAt || doc.createdAt.getTime() >= dueAt) continue;
          const by = randomUUID();
          if (!(await claimReminder(doc._id, at, new Date(at.getTime() + REMINDER_LEASE_MS), by))) continue;
          if (await sendReminder(doc, eventDate, by)) sent += 1;
        }
      } while (after);
      if (sent > 0) log?.info({ sent }, 'gift reminders sent');
      return sent;
    },

    /** Account erasure: the giver's links and what they kept on their gifts. */
    async erase(userId: string, email?: string): Promise<void> {
      const key = email ? emailKey(email) : null;
      await eraseGiver(key, await offeringIdsOfGiver(userId, key));
    },
  };
}

export type Gifts = ReturnType<typeof createGifts>;
