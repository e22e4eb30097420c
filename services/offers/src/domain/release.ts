import type { Logger } from '@wishlist/service-kit';
import { releaseDone, releaseFailed } from '../data/offerings';
import type { OfferingDoc } from '../data/models';
import type { ListsApi } from './upstreams';

/**
 * Clears the offered flags of an offering's products through the lists service and records the
 * outcome: done, or failed (logged with `whenFailed`; the next sweep of any copy tries again).
 * Unit-aware without saying how many: the lists service gives back exactly the units this
 * offering holds on each product, whatever path (refusal, expiry, withdrawal) releases it.
 */
export async function releaseProducts(
  lists: ListsApi,
  doc: Pick<OfferingDoc, '_id' | 'products'>,
  log: Logger | undefined,
  whenFailed: string,
): Promise<boolean> {
  try {
    await lists.release(
      doc.products.map((p) => p.id),
      doc._id,
    );
    await releaseDone(doc._id);
    return true;
  } catch (err) {
    await releaseFailed(doc._id);
    log?.warn({ offeringId: doc._id, err: (err as Error).message }, whenFailed);
    return false;
  }
}
