import { giftsHidden, revealTime, type SurpriseFacts } from '@wishlist/contracts';
import type { Logger } from '@wishlist/service-kit';
import type { OfferingDoc } from '../data/models';
import type { OfferingView } from './views';
import type { ListedProduct, ListsApi } from './upstreams';

// Surprise lists (docs/api.md "Surprise lists"): before the reveal, the owner learns who wants to
// send something and their message, never what.

/** The surprise facts of one list of an offering, as read from the lists service. */
export interface SurpriseSnapshot extends SurpriseFacts {
  listId: string;
}

/** The surprise lists among these products' lists (one entry per list), as the offering keeps them. */
export function surpriseSnapshot(products: readonly ListedProduct[]): SurpriseSnapshot[] {
  const byList = new Map<string, SurpriseSnapshot>();
  for (const p of products) {
    if (p.listSurprise?.surprise === true && !byList.has(p.productListId)) byList.set(p.productListId, { listId: p.productListId, ...p.listSurprise });
  }
  return [...byList.values()];
}

/** Whether the offering's products are hidden from its owner at `now` (any of its lists keeping the surprise). */
export function productsHiddenAt(lists: readonly SurpriseFacts[], now: Date): boolean {
  return lists.some((l) => giftsHidden(l, now));
}

/** When every hidden list of the offering is revealed (ISO), or null when one of them waits for "Show me anyway". */
export function revealsAt(lists: readonly SurpriseFacts[], now: Date): string | null {
  let latest = 0;
  for (const l of lists.filter((f) => giftsHidden(f, now))) {
    const at = revealTime(l);
    if (!at) return null;
    latest = Math.max(latest, at.getTime());
  }
  return new Date(latest).toISOString();
}

/**
 * The surprise facts of the offering's lists as they are now (the owner may have changed the
 * reveal or chosen to see): asked of the lists service, which also knows a list made a surprise
 * after the offer. Lists unreachable: what the offering kept when it was made.
 */
export async function currentSurprise(lists: ListsApi, doc: OfferingDoc, log?: Logger): Promise<SurpriseFacts[]> {
  const kept = (doc.surpriseLists ?? []) as SurpriseSnapshot[];
  try {
    const found = await lists.lookup(doc.products.map((p) => p.id));
    const fresh = new Map(found.filter((p) => p.listSurprise).map((p) => [p.productListId, p.listSurprise!]));
    const foundLists = new Set(found.map((p) => p.productListId));
    // A list whose products are all gone since: what was kept of it.
    return [...fresh.values(), ...kept.filter((k) => !foundLists.has(k.listId))];
  } catch (err) {
    log?.warn({ offeringId: doc._id, err: (err as Error).message }, 'surprise of the lists unknown; using what the offer kept');
    return kept;
  }
}

/** The owner's view before the reveal: who and their message, no product at all. */
export function hiddenView(view: OfferingView, lists: readonly SurpriseFacts[], now: Date): OfferingView {
  if (!productsHiddenAt(lists, now)) return view;
  return { ...view, products: [], productsHidden: true, revealsAt: revealsAt(lists, now) };
}

/**
 * The surprise lists of these products as the lists service says now, for an offering made here
 * (a group gift's). Lists cannot say: none (the offer is mailed as any offer).
 */
export async function surpriseOfProducts(lists: ListsApi, ids: string[], log?: Logger): Promise<SurpriseSnapshot[]> {
  try {
    return surpriseSnapshot(await lists.lookup(ids));
  } catch (err) {
    log?.warn({ err: (err as Error).message }, 'surprise of the lists unknown; the offer is mailed with its products');
    return [];
  }
}

/** Of these products of one owner, those whose list hides offers from them now; all of them when lists cannot say. */
export async function hiddenProducts(lists: ListsApi, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  try {
    return new Set((await lists.lookup(ids)).filter((p) => p.listSurprise && giftsHidden(p.listSurprise, now)).map((p) => p.id));
  } catch {
    return new Set(ids);
  }
}
