import { createHash } from 'node:crypto';
import { CONFIRMED_STATES, Offering, type MailKind, type OfferingDoc, type OfferingState } from './models';

/** How long one copy of the service has to release an offering's products before another may. */
export const RELEASE_LEASE_MS = 60_000;

/** The key an address is found by: SHA-256 of it trimmed and lower-cased (auth's normal form). */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

const lean = <T>(q: { lean(): { exec(): Promise<unknown> } }) => q.lean().exec() as Promise<T>;

export async function insertOfferings(docs: OfferingDoc[]): Promise<void> {
  await Offering.insertMany(docs, { ordered: true });
}

/** `creating` → `pending` for all of `ids`; returns how many moved. */
export async function markPending(ids: string[], mailsDue: (id: string) => MailKind[], nextMailAt: Date): Promise<number> {
  let moved = 0;
  for (const id of ids) {
    const res = await Offering.updateOne(
      { _id: id, state: 'creating' },
      { $set: { state: 'pending', confirmedAt: nextMailAt, mailsDue: mailsDue(id), nextMailAt } },
    ).exec();
    moved += res.modifiedCount;
  }
  return moved;
}

/** `creating` → `unconfirmed` for all of `ids` (the giver must confirm by `expiresAt`); returns how many moved. */
export async function markUnconfirmed(ids: string[], codeHash: string, expiresAt: Date, sentAt: Date): Promise<number> {
  const res = await Offering.updateMany(
    { _id: { $in: ids }, state: 'creating' },
    { $set: { state: 'unconfirmed', codeHashes: [codeHash], expiresAt, lastVerificationAt: sentAt, mailsDue: [] } },
  ).exec();
  return res.modifiedCount;
}

/** Puts offerings that were made pending or unconfirmed back to `creating` (their creation is being undone). */
export async function backToCreating(ids: string[]): Promise<void> {
  await Offering.updateMany(
    { _id: { $in: ids }, state: { $in: ['pending', 'unconfirmed'] } },
    { $set: { state: 'creating', mailsDue: [], codeHashes: [] } },
  ).exec();
}

/**
 * The giver confirms: one `unconfirmed`, unexpired offering moves to `pending` with the mails it
 * now owes. Conditional, so of two confirmations racing (or two copies of the service) exactly
 * one moves it and sends those mails. Returns whether this call moved it.
 */
export async function confirm(id: string, at: Date, mailsDue: MailKind[], nextMailAt: Date): Promise<boolean> {
  const res = await Offering.updateOne(
    { _id: id, state: 'unconfirmed', expiresAt: { $gt: at } },
    { $set: { state: 'pending', confirmedAt: at, mailsDue, nextMailAt, mailAttempts: 0 } },
  ).exec();
  return res.modifiedCount === 1;
}

/**
 * A verification mail sent again: only while unconfirmed and unexpired, at most `maxResends` times
 * and not within `minGapMs` of the previous one. Conditional (two requests racing count twice, never
 * pass the limit). The new code is added to every offering of the basket. Returns whether it may be sent.
 */
export async function recordResend(
  id: string,
  basketId: string,
  codeHash: string,
  at: Date,
  limits: { maxResends: number; minGapMs: number },
): Promise<boolean> {
  const res = await Offering.updateOne(
    {
      _id: id,
      state: 'unconfirmed',
      expiresAt: { $gt: at },
      verificationResends: { $lt: limits.maxResends },
      lastVerificationAt: { $lte: new Date(at.getTime() - limits.minGapMs) },
    },
    { $inc: { verificationResends: 1 }, $set: { lastVerificationAt: at } },
  ).exec();
  if (res.modifiedCount !== 1) return false;
  await Offering.updateMany({ basketId, state: 'unconfirmed' }, { $push: { codeHashes: codeHash } }).exec();
  return true;
}

/** The first verification mail could not be sent: the giver may ask for it again at once. */
export async function allowResendNow(id: string): Promise<void> {
  await Offering.updateOne({ _id: id, state: 'unconfirmed' }, { $set: { lastVerificationAt: new Date(0) } }).exec();
}

export function unconfirmedBasket(basketId: string): Promise<OfferingDoc[]> {
  return lean(Offering.find({ basketId, state: 'unconfirmed' }).sort({ createdAt: 1, _id: 1 }));
}

export function expiredBy(at: Date, limit: number): Promise<OfferingDoc[]> {
  return lean(Offering.find({ state: 'unconfirmed', expiresAt: { $lte: at } }).sort({ expiresAt: 1 }).limit(limit));
}

/**
 * `unconfirmed` → `expired`, exactly once however many copies sweep: the one that moves it releases
 * the products (`releasePending` until lists has cleared them). What the giver typed was never
 * passed on and is dropped; the code hashes stay so that the link answers "expired".
 */
export async function expire(id: string, at: Date): Promise<OfferingDoc | null> {
  return lean(
    Offering.findOneAndUpdate(
      { _id: id, state: 'unconfirmed', expiresAt: { $lte: at } },
      { $set: { state: 'expired', releasePending: true, releasingUntil: new Date(at.getTime() + RELEASE_LEASE_MS), offererEmail: null, offererEmailKey: null, offererIdentity: '', offererMessage: '', mailsDue: [], nextMailAt: null } },
      { returnDocument: 'after' },
    ),
  );
}

/** Deletes a `creating` offering (after its products were released). */
export async function deleteUnfinished(id: string): Promise<void> {
  await Offering.deleteOne({ _id: id, state: 'creating' }).exec();
}

export function unfinishedBefore(cutoff: Date, limit: number): Promise<OfferingDoc[]> {
  return lean(Offering.find({ state: 'creating', createdAt: { $lt: cutoff } }).sort({ createdAt: 1 }).limit(limit));
}

/** The offering as its owner may see it (only once the giver confirmed; never someone else's). */
export function findOwned(id: string, ownerId: string): Promise<OfferingDoc | null> {
  return lean(Offering.findOne({ _id: id, ownerId, state: { $in: CONFIRMED_STATES } }));
}

export function findById(id: string): Promise<OfferingDoc | null> {
  return lean(Offering.findById(id));
}

/** The confirmed offerings of a basket (what the giver's receipt lists). */
export function findBasket(basketId: string): Promise<OfferingDoc[]> {
  return lean(Offering.find({ basketId, state: { $in: CONFIRMED_STATES } }).sort({ createdAt: 1, _id: 1 }));
}

/**
 * The owner's answer, atomically: only a `pending` offering of this owner moves to `state`.
 * Returns the offering after the change, or null when it was not pending (or not theirs).
 */
export function answer(
  id: string,
  ownerId: string,
  state: Extract<OfferingState, 'address-given' | 'refused'>,
  fields: { address?: string; answeredAt: Date; mail: MailKind; releasePending?: boolean },
): Promise<OfferingDoc | null> {
  const set: Record<string, unknown> = { state, answeredAt: fields.answeredAt, nextMailAt: fields.answeredAt, mailAttempts: 0 };
  if (fields.address !== undefined) set.address = fields.address;
  if (fields.releasePending !== undefined) set.releasePending = fields.releasePending;
  if (fields.releasePending) set.releasingUntil = new Date(fields.answeredAt.getTime() + RELEASE_LEASE_MS);
  return lean(
    Offering.findOneAndUpdate(
      { _id: id, ownerId, state: 'pending' },
      { $set: set, $addToSet: { mailsDue: fields.mail } },
      { returnDocument: 'after' },
    ),
  );
}

export async function releaseDone(id: string): Promise<void> {
  await Offering.updateOne({ _id: id }, { $set: { releasePending: false, releasingUntil: null } }).exec();
}

/** The release failed: the next sweep (of any copy) may try again. */
export async function releaseFailed(id: string): Promise<void> {
  await Offering.updateOne({ _id: id }, { $set: { releasingUntil: null } }).exec();
}

export function releasesDue(at: Date, limit: number): Promise<OfferingDoc[]> {
  return lean(Offering.find({ releasePending: true, $or: [{ releasingUntil: null }, { releasingUntil: { $lte: at } }] }).limit(limit));
}

/**
 * Takes the release of an offering's products for RELEASE_LEASE_MS, so that copies of the service
 * sweeping at once do not all release it. Returns whether this call has it.
 */
export async function claimRelease(id: string, at: Date): Promise<boolean> {
  const res = await Offering.updateOne(
    { _id: id, releasePending: true, $or: [{ releasingUntil: null }, { releasingUntil: { $lte: at } }] },
    { $set: { releasingUntil: new Date(at.getTime() + RELEASE_LEASE_MS) } },
  ).exec();
  return res.modifiedCount === 1;
}

/**
 * How long one copy of the service has to send an offering's due mails before another copy may
 * (a copy that dies while sending leaves them to the next sweep after this). It outlasts an SMTP
 * exchange that is slow but alive, so a slow server never makes two copies send the same mail.
 */
export const MAIL_LEASE_MS = 5 * 60_000;

const mailLeaseFree = (at: Date) => ({ $or: [{ mailingUntil: null }, { mailingUntil: { $lte: at } }] });

/** Offerings with mails due by `now` that no copy is sending (the sweep's retries). */
export function mailsDueBy(now: Date, limit: number): Promise<OfferingDoc[]> {
  return lean(
    Offering.find({ nextMailAt: { $lte: now }, 'mailsDue.0': { $exists: true }, ...mailLeaseFree(now) })
      .sort({ nextMailAt: 1 })
      .limit(limit),
  );
}

/**
 * Takes the sending of an offering's due mails for MAIL_LEASE_MS (conditional update: of the
 * request and the sweeps of every copy, one has it). Returns the offering as taken, or null when
 * it owes nothing or another call is sending.
 */
export function claimMails(id: string, at: Date, by: string): Promise<OfferingDoc | null> {
  return lean(
    Offering.findOneAndUpdate(
      { _id: id, 'mailsDue.0': { $exists: true }, ...mailLeaseFree(at) },
      { $set: { mailingUntil: new Date(at.getTime() + MAIL_LEASE_MS), mailingBy: by } },
      { returnDocument: 'after' },
    ),
  );
}

/** Gives the lease back (only the call holding it can); returns the offering after, null when it had lost the lease. */
export function releaseMails(id: string, by: string): Promise<OfferingDoc | null> {
  return lean(
    Offering.findOneAndUpdate({ _id: id, mailingBy: by }, { $set: { mailingUntil: null, mailingBy: null } }, { returnDocument: 'after' }),
  );
}

/**
 * One mail sent. After the last one `nextMailAt` is cleared (conditional on nothing being due, so
 * a mail made due meanwhile keeps its date): the sweep's `nextMailAt <= now` index lookup then
 * finds only offerings that owe something, instead of every offering that ever sent a mail.
 */
export async function mailSent(id: string, kind: MailKind): Promise<void> {
  await Offering.updateOne({ _id: id }, { $pull: { mailsDue: kind } }).exec();
  await Offering.updateOne({ _id: id, 'mailsDue.0': { $exists: false }, nextMailAt: { $ne: null } }, { $set: { nextMailAt: null } }).exec();
}

/**
 * Clears `nextMailAt` of offerings due by `now` that owe no mail any more: those stored before
 * `mailSent` cleared it, and those an erasure emptied. Run by each sweep before it looks for due
 * mails; through the `nextMailAt` index it touches only such leftovers, so once they are gone it
 * costs what the due offerings cost. Each update is conditional on nothing being due, so a mail
 * made due meanwhile keeps its date.
 */
export async function clearSpentMailDates(now: Date): Promise<number> {
  const res = await Offering.updateMany({ nextMailAt: { $lte: now }, 'mailsDue.0': { $exists: false } }, { $set: { nextMailAt: null } }).exec();
  return res.modifiedCount;
}

/** A send failed: retried by a sweep at `nextMailAt`; the lease is given back. */
export async function mailFailed(id: string, nextMailAt: Date): Promise<void> {
  await Offering.updateOne({ _id: id }, { $inc: { mailAttempts: 1 }, $set: { nextMailAt, mailingUntil: null, mailingBy: null } }).exec();
}

export async function dropMails(id: string): Promise<void> {
  await Offering.updateOne({ _id: id }, { $set: { mailsDue: [], nextMailAt: null, mailingUntil: null, mailingBy: null } }).exec();
}

const GIVER_MAILS: MailKind[] = ['giver-confirmation', 'giver-address', 'giver-refused'];
const ERASED_GIVER = { offererUserId: null, offererEmail: null, offererEmailKey: null, offererIdentity: '', offererMessage: '' };

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Account erasure: the owner's address and link, and the giver's personal data, both of the
 * offers given signed in (`offererUserId`) and, with `email` (the account's address in auth's
 * normal form), of every offer made with that address while signed out. Matched by its hash,
 * and case-insensitively for offers stored without one. Every update is conditional on what it
 * erases, so a repeated or concurrent erasure changes nothing more.
 */
export async function eraseUser(userId: string, email?: string): Promise<{ asOwner: number; asGiver: number }> {
  const owner = await Offering.updateMany(
    { ownerId: userId },
    { $set: { ownerId: null, address: null }, $pull: { mailsDue: { $in: ['owner-offer'] } } },
  ).exec();
  const giverUpdate = { $set: ERASED_GIVER, $pull: { mailsDue: { $in: GIVER_MAILS } } };
  const giver = await Offering.updateMany({ offererUserId: userId }, giverUpdate).exec();
  let byAddress = 0;
  if (email) {
    const byKey = await Offering.updateMany({ offererEmailKey: emailKey(email) }, giverUpdate).exec();
    const unkeyed = await Offering.updateMany(
      { offererEmailKey: null, offererEmail: { $regex: `^${escapeRegExp(email)}$`, $options: 'i' } },
      giverUpdate,
    ).exec();
    byAddress = byKey.modifiedCount + unkeyed.modifiedCount;
  }
  return { asOwner: owner.modifiedCount, asGiver: giver.modifiedCount + byAddress };
}
