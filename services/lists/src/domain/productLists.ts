import { HttpError, type Identity } from '@wishlist/service-kit';
import type { ProductList } from '@wishlist/contracts';
import { deleteListsOfOwner, insertDefaultList, isErased, listsOfOwner } from '../data/lists';
import type { ProductListDoc } from '../data/models';

/** Name of the list made for a person who has none, in their language. */
export const DEFAULT_LIST_NAMES = { en: 'My wish list', fr: "Ma liste d'envies" } as const;

function toOwnedList(doc: ProductListDoc): ProductList {
  return { id: String(doc._id), name: doc.name, isOwner: true, products: [] };
}

function accountGone(): HttpError {
  return HttpError.unauthorized('This account has been deleted.', 'account_deleted');
}

/**
 * GET /api/product-lists: the caller's lists, oldest first. "Signed in" means a default list
 * exists (SPEC §4), so a person with none gets one, named in their language.
 */
export async function listsOf(identity: Identity): Promise<ProductList[]> {
  const ownerId = identity.userId;
  let lists = await listsOfOwner(ownerId);
  if (lists.length > 0) return lists.map(toOwnedList);
  if (await isErased(ownerId)) throw accountGone();
  await insertDefaultList(ownerId, DEFAULT_LIST_NAMES[identity.lang ?? 'en'] ?? DEFAULT_LIST_NAMES.en);
  // An erasure that ran between the check and the insert: undo the insert.
  if (await isErased(ownerId)) {
    await deleteListsOfOwner(ownerId);
    throw accountGone();
  }
  lists = await listsOfOwner(ownerId);
  return lists.map(toOwnedList);
}
