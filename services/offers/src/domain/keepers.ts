// Offers on lists kept by several people: who may read and answer an offering besides its owner,
// and to whom its mail goes. The lists service says who keeps a list (asked at each use, never
// remembered), the shared rule `managersAnswerOffers` says whether its managers take part.
import { managersAnswerOffers } from '@wishlist/contracts';
import { CONFIRMED_STATES, Offering, type OfferingDoc } from '../data/models';
import type { ListKeepers, ListsApi } from './upstreams';

/** The list an offering's products are on (every product of one offering has the same owner; the first one's list decides). */
export function listOf(doc: Pick<OfferingDoc, 'products'>): string | null {
  return doc.products[0]?.productListId ?? null;
}

/** The managers (not the owner) who see and answer this offering, or none. */
export function answeringManagers(doc: Pick<OfferingDoc, 'ownerId'>, keepers: ListKeepers | null): string[] {
  if (!keepers || !doc.ownerId || keepers.ownerId !== doc.ownerId || !managersAnswerOffers(keepers.recipient)) return [];
  return keepers.managerIds.filter((id) => id !== doc.ownerId);
}

/**
 * The owner id a signed-in person acts for on an offering: their own, or, for a manager of a list
 * whose managers answer offers, the list owner's (the owner's conditional answer then holds once
 * for all of them). Anyone else acts for themselves, and finds nothing.
 */
export async function ownerToActAs(lists: ListsApi, offeringId: string, userId: string): Promise<string> {
  const doc = (await Offering.findOne({ _id: offeringId, state: { $in: CONFIRMED_STATES } }, { ownerId: 1, products: 1 }).lean().exec()) as Pick<
    OfferingDoc,
    'ownerId' | 'products'
  > | null;
  if (!doc?.ownerId || doc.ownerId === userId) return userId;
  const listId = listOf(doc);
  if (!listId) return userId;
  return answeringManagers(doc, await lists.keepers(listId)).includes(userId) ? doc.ownerId : userId;
}
