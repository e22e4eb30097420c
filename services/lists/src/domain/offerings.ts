import { HttpError } from '@wishlist/service-kit';
import type { ProductWithOwner } from '@wishlist/contracts';
import { findLists } from '../data/lists';
import { claimProducts, findProducts, releaseProducts } from '../data/products';
import { productsChanged } from './listVersions';
import { isObjectId, toProductData } from './present';
import { surpriseFactsOf } from './surprise';

// The internal API of the offers service (ARCHITECTURE §4): read products with their owner,
// flag them offered (all or nothing) and release them.

const unique = (ids: string[]) => [...new Set(ids)];

/** POST /internal/products/lookup: unknown (or malformed) ids are simply missing. */
export async function lookupProducts(ids: string[]): Promise<ProductWithOwner[]> {
  const wanted = unique(ids).filter(isObjectId);
  // A private product is for its owner only: to the offers service it does not exist.
  const products = (await findProducts(wanted)).filter((p) => p.hidden !== true);
  const lists = new Map((await findLists(unique(products.map((p) => String(p.listId))))).map((l) => [String(l._id), l]));
  const byId = new Map(products.map((p) => [String(p._id), p]));
  const out: ProductWithOwner[] = [];
  for (const id of wanted) {
    const p = byId.get(id);
    if (!p) continue;
    const list = lists.get(String(p.listId));
    out.push({
      ...toProductData(p),
      ownerId: p.ownerId,
      listName: list?.name ?? '',
      offeredBy: p.offeredBy ?? p.holds?.[0]?.offeringId ?? null,
      ...(list?.surprise === true ? { listSurprise: surpriseFactsOf(list) } : {}),
    });
  }
  return out;
}

export class ClaimConflict extends HttpError {
  constructor(
    readonly conflicts: string[],
    archived = false,
  ) {
    super(
      409,
      archived ? 'list_archived' : 'products_unavailable',
      archived
        ? 'These products are on an archived list, which takes no new offer.'
        : 'Some products are already offered, have fewer units left than asked, or no longer exist.',
    );
  }
}

/**
 * POST /internal/products/claim: `offeringId` holds the wanted units of every product (1 each
 * unless `quantities` says), or of none (409).
 */
export async function claim(ids: string[], offeringId: string, quantities: Record<string, number> = {}): Promise<void> {
  const wanted = unique(ids);
  const { conflicts, archived } = await claimProducts(
    wanted.filter(isObjectId).map((id) => ({ id, units: quantities[id] ?? 1 })),
    offeringId,
    wanted.filter((id) => !isObjectId(id)),
  );
  if (conflicts.length > 0) throw new ClaimConflict(conflicts, archived);
  await productsChanged(wanted.filter(isObjectId));
}

/** POST /internal/products/release: gives back the units the offering holds; idempotent. */
export async function release(ids: string[], offeringId: string): Promise<number> {
  const released = await releaseProducts(unique(ids).filter(isObjectId), offeringId);
  if (released > 0) await productsChanged(unique(ids).filter(isObjectId));
  return released;
}
