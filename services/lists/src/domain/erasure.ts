import { deleteFavoritesOfUser } from '../data/favorites';
import { deleteListsOfOwner, listIdsOfOwner, markErased } from '../data/lists';
import { deleteProductsOfOwner } from '../data/products';
import { deleteRemindersOfUser } from '../data/reminders';
import { deletePriceAlertsOfUser } from '../data/priceWatch';
import { listReadCache } from './listReadCache';
import { eraseManagersOf } from '../data/managers';

/**
 * Every kind of personal data this service keeps, erased when an account is deleted, in this
 * order: favorites (the person's, and everyone's favorites of the person's lists, found while the
 * lists still exist), reminders and price alerts (to the person, and of their lists), products, then the lists.
 */
const erasers: Record<string, (userId: string, email?: string) => Promise<number>> = {
  // Before the lists: the invitations of the person's own lists are found by those lists' ids.
  managers: async (userId, email) => eraseManagersOf(userId, email, await listIdsOfOwner(userId)),
  favorites: async (userId) => deleteFavoritesOfUser(userId, await listIdsOfOwner(userId)),
  reminders: async (userId) => deleteRemindersOfUser(userId, await listIdsOfOwner(userId)),
  priceAlerts: async (userId) => deletePriceAlertsOfUser(userId, await listIdsOfOwner(userId)),
  products: deleteProductsOfOwner,
  lists: deleteListsOfOwner,
};

/**
 * POST /internal/users/{userId}/erase (from auth). The person is marked erased first, so that
 * nothing is recreated for them afterwards; then their data is deleted. Idempotent.
 */
export async function eraseUser(userId: string, now: Date = new Date(), email?: string): Promise<Record<string, number>> {
  await markErased(userId, now);
  const deleted: Record<string, number> = {};
  for (const [what, erase] of Object.entries(erasers)) deleted[what] = await erase(userId, email);
  listReadCache.clear();
  return deleted;
}
