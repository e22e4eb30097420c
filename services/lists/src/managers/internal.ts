import { HttpError } from '@wishlist/service-kit';
import type { ListRecipient } from '@wishlist/contracts';
import { findList } from '../data/lists';
import { recipientOf } from '../domain/keepers';
import { isObjectId } from '../domain/present';

/** What the offers service learns of who keeps a list (`GET /internal/product-lists/{id}/keepers`). */
export interface ListKeepers {
  listId: string;
  ownerId: string;
  managerIds: string[];
  recipient: ListRecipient;
}

/** Read from the list at each call (never cached), so a removed manager stops at once everywhere. */
export async function keepersOf(id: string): Promise<ListKeepers> {
  const list = isObjectId(id) ? await findList(id) : null;
  if (!list) throw HttpError.notFound('This list does not exist.', 'list_not_found');
  return { listId: String(list._id), ownerId: list.ownerId, managerIds: [...(list.managerIds ?? [])], recipient: recipientOf(list) };
}
