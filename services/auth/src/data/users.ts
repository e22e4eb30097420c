import mongoose from 'mongoose';
import type { Lang } from '@wishlist/service-kit';
import { User, type UserDoc } from './models';

function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: number })?.code === 11000;
}

/**
 * The live account of `email`, created on its first sign-in (registration is implicit), with
 * its language set to the one of this sign-in. The same upsert runs for a known and a new
 * address. Two first sign-ins at once: the unique index lets one insert, the other re-reads.
 */
export async function userForSignIn(email: string, lang: Lang): Promise<UserDoc> {
  await User.init(); // the unique index must exist before the first insert
  const upsert = () =>
    User.findOneAndUpdate(
      { email },
      { $set: { lang }, $setOnInsert: { deletedAt: null } },
      { upsert: true, returnDocument: 'after', lean: true },
    ).exec();
  try {
    return (await upsert()) as UserDoc;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return (await upsert()) as UserDoc;
  }
}

export async function findUser(userId: string): Promise<UserDoc | null> {
  if (!mongoose.isValidObjectId(userId)) return null;
  return (await User.findById(userId).lean().exec()) as UserDoc | null;
}

/** Erases the address and marks the account deleted (idempotent: the first date is kept). */
export async function anonymizeUser(userId: string, now: Date): Promise<void> {
  if (!mongoose.isValidObjectId(userId)) return;
  await User.updateOne({ _id: userId, deletedAt: null }, { $set: { deletedAt: now } }).exec();
  await User.updateOne({ _id: userId }, { $unset: { email: 1 } }).exec();
}
