// The people who keep a list with its owner: one document per invitation, which becomes the
// manager's membership once accepted. The list's `managerIds` is what authorizations read; both
// change together in one transaction. Each document is also an outbox entry (data/mailOutbox): its
// invitation mail is claimed with a lease, so exactly one copy of the service sends it.
import mongoose, { Schema } from 'mongoose';
import { atomically, ProductList, type ProductListDoc } from './models';
import { mailOutbox, type OutboxFields } from './mailOutbox';

const listManagerSchema = new Schema(
  {
    listId: { type: Schema.Types.ObjectId, required: true },
    /** The address the owner typed (trimmed, lower-cased): what the keepers' list shows. */
    email: { type: String, required: true },
    /** Who invited (the owner's user id): erased with that account. */
    invitedBy: { type: String, required: true },
    /** The language of the mail (the inviter's). */
    lang: { type: String, default: 'en' },
    /** Set when accepted: the account that keeps the list from then on. */
    userId: { type: String, default: null },
    acceptedAt: { type: Date, default: null },
    /** The link works until then (pending invitations only). */
    expiresAt: { type: Date, required: true },
    /** Outbox: `due` until the invitation mail is sent (or dropped). */
    state: { type: String, default: 'due' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: () => new Date() },
    /** SHA-256 of the link tokens mailed (one per mail sent); emptied on acceptance (single use). */
    tokenHashes: { type: [String], default: [] },
    sentAt: { type: Date, default: null },
  },
  { timestamps: true },
);
listManagerSchema.index({ listId: 1, createdAt: 1 });
listManagerSchema.index({ tokenHashes: 1 });
listManagerSchema.index({ state: 1, nextAttemptAt: 1 });
listManagerSchema.index({ userId: 1 });
listManagerSchema.index({ invitedBy: 1 });
listManagerSchema.index({ email: 1 });

export interface ListManagerDoc extends OutboxFields {
  listId: mongoose.Types.ObjectId;
  email: string;
  invitedBy: string;
  lang: string;
  userId: string | null;
  acceptedAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
}

export const ListManager = mongoose.model('ListManager', listManagerSchema);
export const invitationOutbox = mailOutbox<ListManagerDoc>(ListManager);

export async function managersOfList(listId: mongoose.Types.ObjectId): Promise<ListManagerDoc[]> {
  return (await ListManager.find({ listId }).sort({ createdAt: 1, _id: 1 }).lean().exec()) as unknown as ListManagerDoc[];
}

export type InviteOutcome = { invitation: ListManagerDoc } | 'not_found' | 'forbidden' | 'already_manager' | 'too_many';

/**
 * Records an invitation of `email` to keep the list (the owner only). Inviting an address again
 * while its invitation is pending (or expired) renews it: a new mail, a new expiry, the older
 * links no longer work.
 */
export function insertInvitation(
  ownerId: string,
  listId: string,
  invite: { email: string; lang: string; expiresAt: Date; now: Date },
  maxPerList: number,
): Promise<InviteOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(listId, { ownerId: 1 }).session(session).lean().exec();
    if (!list) return 'not_found';
    if (list.ownerId !== ownerId) return 'forbidden';
    const existing = await ListManager.find({ listId: list._id }).session(session).lean().exec();
    const same = existing.find((m) => m.email === invite.email);
    if (same?.userId) return 'already_manager';
    const renewal = { expiresAt: invite.expiresAt, lang: invite.lang, invitedBy: ownerId, state: 'due', attempts: 0, nextAttemptAt: invite.now, tokenHashes: [] };
    if (same) {
      const renewed = await ListManager.findByIdAndUpdate(same._id, { $set: renewal }, { returnDocument: 'after', session }).lean().exec();
      return { invitation: renewed as unknown as ListManagerDoc };
    }
    if (existing.length >= maxPerList) return 'too_many';
    // Written on the list too, so that two concurrent invitations of one list conflict (one retries and counts the other).
    await ProductList.updateOne({ _id: list._id }, { $inc: { revision: 1 } }, { session }).exec();
    const [doc] = await ListManager.create([{ listId: list._id, email: invite.email, ...renewal }], { session });
    return { invitation: doc.toObject() as unknown as ListManagerDoc };
  });
}

/** The invitation a link's token opens (pending or not), or null. */
export async function findInvitationByTokenHash(tokenHash: string): Promise<ListManagerDoc | null> {
  return (await ListManager.findOne({ tokenHashes: tokenHash }).lean().exec()) as unknown as ListManagerDoc | null;
}

export type AcceptOutcome = { list: ProductListDoc } | 'not_found' | 'expired' | 'owner';

/**
 * Makes the signed-in person a keeper of the invitation's list, once: the token's hashes are
 * cleared in the same transaction (a second use finds nothing). A person who already keeps the
 * list (through another invitation) keeps it once; that other membership is folded into this one.
 */
export function acceptInvitation(tokenHash: string, userId: string, now: Date): Promise<AcceptOutcome> {
  return atomically(async (session) => {
    const invitation = await ListManager.findOne({ tokenHashes: tokenHash, userId: null }).session(session).lean().exec();
    if (!invitation) return 'not_found';
    if (invitation.expiresAt <= now) return 'expired';
    const list = await ProductList.findById(invitation.listId).session(session).lean().exec();
    if (!list) return 'not_found';
    if (list.ownerId === userId) return 'owner';
    await ListManager.deleteMany({ listId: list._id, userId, _id: { $ne: invitation._id } }, { session }).exec();
    await ListManager.updateOne(
      { _id: invitation._id },
      { $set: { userId, acceptedAt: now, tokenHashes: [], state: invitation.state === 'due' ? 'dropped' : invitation.state } },
      { session },
    ).exec();
    const updated = await ProductList.findByIdAndUpdate(list._id, { $addToSet: { managerIds: userId } }, { returnDocument: 'after', session })
      .lean()
      .exec();
    return { list: updated as ProductListDoc };
  });
}

export type RemoveOutcome = { removedUserId: string | null } | 'not_found' | 'list_not_found' | 'forbidden';

/**
 * Removes a manager or an invitation: the owner removes anyone, a manager only themselves
 * (leaving). The list's `managerIds` loses the person in the same transaction.
 */
export function removeManager(userId: string, listId: string, managerId: string): Promise<RemoveOutcome> {
  return atomically(async (session) => {
    const list = await ProductList.findById(listId, { ownerId: 1, managerIds: 1 }).session(session).lean().exec();
    if (!list) return 'list_not_found';
    const entry = await ListManager.findOne({ _id: managerId, listId: list._id }).session(session).lean().exec();
    const isOwner = list.ownerId === userId;
    const leaving = entry?.userId === userId;
    if (!isOwner && !leaving) return list.managerIds?.includes(userId) ? 'forbidden' : 'list_not_found';
    if (!entry) return 'not_found';
    await ListManager.deleteOne({ _id: entry._id }, { session }).exec();
    if (entry.userId) {
      await ProductList.updateOne({ _id: list._id }, { $pull: { managerIds: entry.userId }, $inc: { revision: 1 } }, { session }).exec();
    }
    return { removedUserId: entry.userId ?? null };
  });
}

/**
 * Account erasure: the person stops keeping anyone's list, and every invitation they sent, that
 * went to their address, or that they accepted is deleted. Returns how many entries went.
 */
export async function eraseManagersOf(userId: string, email: string | undefined, ownListIds: readonly mongoose.Types.ObjectId[]): Promise<number> {
  await ProductList.updateMany({ managerIds: userId }, { $pull: { managerIds: userId }, $inc: { readVersion: 1 } }).exec();
  const or: Record<string, unknown>[] = [{ userId }, { invitedBy: userId }, { listId: { $in: ownListIds } }];
  if (email) or.push({ email: email.trim().toLowerCase() });
  const r = await ListManager.deleteMany({ $or: or }).exec();
  return r.deletedCount ?? 0;
}
