import mongoose from 'mongoose';
import { Token, type TokenDoc } from './models';

export interface NewToken {
  userId: mongoose.Types.ObjectId;
  name: string;
  bearerHash: string;
  codeHash: string;
  codeExpiresAt: Date;
  expiresAt: Date;
  requestedAt: Date;
  deviceBrowser: string | null;
  deviceOs: string | null;
  timeZone: string | null;
  matchCode: string;
  deviceId: string;
}

export async function insertToken(token: NewToken): Promise<TokenDoc> {
  const created = await Token.create({ ...token, failedTries: 0, validatedAt: null, revokedAt: null });
  return created.toObject() as TokenDoc;
}

export async function deleteToken(id: mongoose.Types.ObjectId): Promise<void> {
  await Token.deleteOne({ _id: id }).exec();
}

export async function tokenByBearerHash(bearerHash: string): Promise<TokenDoc | null> {
  return (await Token.findOne({ bearerHash }).lean().exec()) as TokenDoc | null;
}

export async function tokenById(id: mongoose.Types.ObjectId): Promise<TokenDoc | null> {
  return (await Token.findById(id).lean().exec()) as TokenDoc | null;
}

/** The unrevoked tokens called `name` (newest first, capped: a name is not a secret). */
export async function unrevokedTokensNamed(name: string, limit: number): Promise<TokenDoc[]> {
  return (await Token.find({ name, revokedAt: null }).sort({ createdAt: -1 }).limit(limit).lean().exec()) as TokenDoc[];
}

/**
 * The tokens called `name` a code may be looked up against: the unrevoked ones and the refused
 * ones (whose page says so), newest first, capped.
 */
export async function tokensNamedForLookup(name: string, limit: number): Promise<TokenDoc[]> {
  return (await Token.find({ name, $or: [{ revokedAt: null }, { refusedAt: { $ne: null } }] })
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean()
    .exec()) as TokenDoc[];
}

/**
 * Sets `fields` on a token only while it is still pending at `now`: unvalidated, unrevoked, under
 * the tries limit and its code unexpired (a concurrent wrong try, refusal or revocation wins).
 */
async function settlePending(
  id: mongoose.Types.ObjectId,
  options: { now: Date; maxTries: number },
  fields: Partial<Pick<TokenDoc, 'validatedAt' | 'expiresAt' | 'refusedAt' | 'revokedAt'>>,
): Promise<TokenDoc | null> {
  return (await Token.findOneAndUpdate(
    { _id: id, validatedAt: null, revokedAt: null, failedTries: { $lt: options.maxTries }, codeExpiresAt: { $gt: options.now } },
    { $set: fields },
    { returnDocument: 'after', lean: true },
  ).exec()) as TokenDoc | null;
}

/**
 * Refuses a pending token (revoked at once), only while it is pending, unrevoked, under the
 * tries limit and its code unexpired.
 */
export async function markRefused(
  id: mongoose.Types.ObjectId,
  options: { now: Date; maxTries: number },
): Promise<TokenDoc | null> {
  return settlePending(id, options, { refusedAt: options.now, revokedAt: options.now });
}

/**
 * Counts a wrong code against each still-pending token, never past `maxTries`, in one atomic
 * conditional update per token. Returns how many tokens this try was counted on: 0 means every
 * try was already spent (by concurrent requests too), so the caller must answer too-many-tries.
 */
export async function countWrongTry(ids: mongoose.Types.ObjectId[], maxTries: number): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await Token.updateMany(
    { _id: { $in: ids }, validatedAt: null, revokedAt: null, failedTries: { $lt: maxTries } },
    { $inc: { failedTries: 1 } },
  ).exec();
  return result.modifiedCount;
}

/**
 * Validates a pending token, only if it is still pending, unrevoked, under the tries limit and
 * its code unexpired at this instant (a concurrent wrong try or revocation wins).
 */
export async function markValidated(
  id: mongoose.Types.ObjectId,
  options: { now: Date; maxTries: number; expiresAt: Date },
): Promise<TokenDoc | null> {
  return settlePending(id, options, { validatedAt: options.now, expiresAt: options.expiresAt });
}

/** A use of the bearer: when it was last seen, and its pushed-back (sliding) expiry. */
export async function touchToken(id: mongoose.Types.ObjectId, seen: { lastSeenAt: Date; expiresAt: Date }): Promise<void> {
  await Token.updateOne({ _id: id, revokedAt: null }, { $set: seen }).exec();
}

/** The person's validated, unrevoked tokens not yet past their sliding expiry (newest first, capped). */
export async function signedInTokensOf(userId: string, now: Date, limit: number): Promise<TokenDoc[]> {
  if (!mongoose.isValidObjectId(userId)) return [];
  return (await Token.find({ userId, validatedAt: { $ne: null }, revokedAt: null, expiresAt: { $gt: now } })
    .sort({ validatedAt: -1 })
    .limit(limit)
    .lean()
    .exec()) as TokenDoc[];
}

/** Gives a token its device reference when it has none yet; returns the one it has. */
export async function ensureDeviceId(id: mongoose.Types.ObjectId, deviceId: string): Promise<string | null> {
  await Token.updateOne({ _id: id, deviceId: null }, { $set: { deviceId } }).exec();
  return (await Token.findById(id, { deviceId: 1 }).lean().exec())?.deviceId ?? null;
}

/**
 * Revokes the person's token with this device reference. True when it is theirs (revoked now or
 * already); false for anybody else's or an unknown one.
 */
export async function revokeDeviceOf(userId: string, deviceId: string, now: Date): Promise<boolean> {
  if (!mongoose.isValidObjectId(userId)) return false;
  const filter = { userId, deviceId, validatedAt: { $ne: null } };
  if (!(await Token.exists(filter).exec())) return false;
  await Token.updateOne({ ...filter, revokedAt: null }, { $set: { revokedAt: now } }).exec();
  return true;
}

export async function revokeByBearerHash(bearerHash: string, now: Date): Promise<void> {
  await Token.updateOne({ bearerHash, revokedAt: null }, { $set: { revokedAt: now } }).exec();
}

export async function revokeAllOfUser(userId: string, now: Date): Promise<void> {
  if (!mongoose.isValidObjectId(userId)) return;
  await Token.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } }).exec();
}
