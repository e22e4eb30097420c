import { Offering, type MailKind, type OfferingDoc, type OfferingState } from './models';

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
      { $set: { state: 'pending', mailsDue: mailsDue(id), nextMailAt } },
    ).exec();
    moved += res.modifiedCount;
  }
  return moved;
}

/** Puts offerings that were made pending back to `creating` (their creation is being undone). */
export async function backToCreating(ids: string[]): Promise<void> {
  await Offering.updateMany({ _id: { $in: ids }, state: 'pending' }, { $set: { state: 'creating', mailsDue: [] } }).exec();
}

/** Deletes a `creating` offering (after its products were released). */
export async function deleteUnfinished(id: string): Promise<void> {
  await Offering.deleteOne({ _id: id, state: 'creating' }).exec();
}

export function unfinishedBefore(cutoff: Date, limit: number): Promise<OfferingDoc[]> {
  return lean(Offering.find({ state: 'creating', createdAt: { $lt: cutoff } }).sort({ createdAt: 1 }).limit(limit));
}

/** The offering as its owner may see it (never a `creating` one, never someone else's). */
export function findOwned(id: string, ownerId: string): Promise<OfferingDoc | null> {
  return lean(Offering.findOne({ _id: id, ownerId, state: { $ne: 'creating' } }));
}

export function findById(id: string): Promise<OfferingDoc | null> {
  return lean(Offering.findById(id));
}

export function findBasket(basketId: string): Promise<OfferingDoc[]> {
  return lean(Offering.find({ basketId, state: { $ne: 'creating' } }).sort({ createdAt: 1, _id: 1 }));
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
  return lean(
    Offering.findOneAndUpdate(
      { _id: id, ownerId, state: 'pending' },
      { $set: set, $addToSet: { mailsDue: fields.mail } },
      { returnDocument: 'after' },
    ),
  );
}

export async function releaseDone(id: string): Promise<void> {
  await Offering.updateOne({ _id: id }, { $set: { releasePending: false } }).exec();
}

export function releasesDue(limit: number): Promise<OfferingDoc[]> {
  return lean(Offering.find({ releasePending: true }).limit(limit));
}

export function mailsDueBy(now: Date, limit: number): Promise<OfferingDoc[]> {
  return lean(Offering.find({ nextMailAt: { $lte: now }, 'mailsDue.0': { $exists: true } }).sort({ nextMailAt: 1 }).limit(limit));
}

export async function mailSent(id: string, kind: MailKind): Promise<void> {
  await Offering.updateOne({ _id: id }, { $pull: { mailsDue: kind } }).exec();
}

export async function mailFailed(id: string, nextMailAt: Date): Promise<void> {
  await Offering.updateOne({ _id: id }, { $inc: { mailAttempts: 1 }, $set: { nextMailAt } }).exec();
}

export async function dropMails(id: string): Promise<void> {
  await Offering.updateOne({ _id: id }, { $set: { mailsDue: [], nextMailAt: null } }).exec();
}

/** Account erasure: the owner's address and link, and the giver's personal data. */
export async function eraseUser(userId: string): Promise<{ asOwner: number; asGiver: number }> {
  const owner = await Offering.updateMany(
    { ownerId: userId },
    { $set: { ownerId: null, address: null }, $pull: { mailsDue: { $in: ['owner-offer'] } } },
  ).exec();
  const giver = await Offering.updateMany(
    { offererUserId: userId },
    {
      $set: { offererUserId: null, offererEmail: null, offererIdentity: '', offererMessage: '' },
      $pull: { mailsDue: { $in: ['giver-confirmation', 'giver-address', 'giver-refused'] } },
    },
  ).exec();
  return { asOwner: owner.modifiedCount, asGiver: giver.modifiedCount };
}
