import { Erasure, type ErasureDoc } from './models';

/** Records "tell each target to erase userId" (and its address; kept as is when already recorded). */
export async function scheduleErasures(userId: string, targets: string[], now: Date, email: string | null = null): Promise<void> {
  await Promise.all(
    targets.map((target) =>
      Erasure.updateOne(
        { userId, target },
        { $setOnInsert: { status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, doneAt: null, email } },
        { upsert: true },
      )
        .exec()
        .catch((err: { code?: number }) => {
          // Two deletions at once: the other one recorded it.
          if (err?.code !== 11000) throw err;
        }),
    ),
  );
}

/**
 * Takes one pending erasure that is due (with `userId`: of that person only) and
 * pushes its next attempt `leaseMs` ahead, so that another auth process does not take it too.
 */
export async function claimErasure(options: { now: Date; leaseMs: number; userId?: string }): Promise<ErasureDoc | null> {
  const filter: Record<string, unknown> = { status: 'pending', nextAttemptAt: { $lte: options.now } };
  if (options.userId) filter.userId = options.userId;
  return (await Erasure.findOneAndUpdate(
    filter,
    { $set: { nextAttemptAt: new Date(options.now.getTime() + options.leaseMs) } },
    { sort: { nextAttemptAt: 1 }, returnDocument: 'after', lean: true },
  ).exec()) as ErasureDoc | null;
}

export async function markErasureDone(erasure: ErasureDoc, now: Date): Promise<void> {
  await Erasure.updateOne({ _id: erasure._id }, { $set: { status: 'done', doneAt: now, lastError: null, email: null } }).exec();
}

export async function markErasureFailed(erasure: ErasureDoc, error: string, nextAttemptAt: Date): Promise<void> {
  await Erasure.updateOne(
    { _id: erasure._id, status: 'pending' },
    { $inc: { attempts: 1 }, $set: { lastError: error.slice(0, 500), nextAttemptAt } },
  ).exec();
}

export async function erasuresOf(userId: string): Promise<ErasureDoc[]> {
  return (await Erasure.find({ userId }).sort({ target: 1 }).lean().exec()) as ErasureDoc[];
}
