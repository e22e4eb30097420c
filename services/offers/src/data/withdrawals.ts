import { Offering, type OfferingDoc } from './models';
import { RELEASE_LEASE_MS } from './offerings';

/**
 * Records the hash of a withdrawal token mailed to the giver. Only a `pending` offering gets one
 * (once answered, there is nothing left to withdraw). Returns whether it was recorded.
 */
export async function addWithdrawalHash(id: string, hash: string): Promise<boolean> {
  const res = await Offering.updateOne({ _id: id, state: 'pending' }, { $push: { withdrawalHashes: hash } }).exec();
  return res.modifiedCount === 1;
}

/**
 * `pending` → `withdrawn`, exactly once whatever the number of racing requests or service copies:
 * the call that moves it owns the release of the products (`releasePending` until lists answers,
 * leased for this copy first) and the owner's mail (due at `mailAt`, the sweep's retry time, so
 * that no sweep sends it while this call does). Returns the offering after the change, or null
 * when it was not pending any more.
 */
export function withdraw(id: string, at: Date, mailAt: Date): Promise<OfferingDoc | null> {
  return Offering.findOneAndUpdate(
    { _id: id, state: 'pending' },
    {
      $set: {
        state: 'withdrawn',
        withdrawnAt: at,
        releasePending: true,
        releasingUntil: new Date(at.getTime() + RELEASE_LEASE_MS),
        nextMailAt: mailAt,
        mailAttempts: 0,
      },
      $addToSet: { mailsDue: 'owner-withdrawn' },
    },
    { returnDocument: 'after' },
  )
    .lean()
    .exec() as Promise<OfferingDoc | null>;
}
