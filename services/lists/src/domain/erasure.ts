import { deleteListsOfOwner, markErased } from '../data/lists';

/**
 * Every kind of personal data this service keeps, erased when an account is deleted. The lists
 * issue adds its products and favorites here (products of the erased lists, the person's
 * favorites, and others' favorites of the erased lists).
 */
const erasers: Record<string, (userId: string) => Promise<number>> = {
  lists: deleteListsOfOwner,
};

/**
 * POST /internal/users/{userId}/erase (from auth). The person is marked erased first, so that
 * nothing is recreated for them afterwards; then their data is deleted. Idempotent.
 */
export async function eraseUser(userId: string, now: Date = new Date()): Promise<Record<string, number>> {
  await markErased(userId, now);
  const deleted: Record<string, number> = {};
  for (const [what, erase] of Object.entries(erasers)) deleted[what] = await erase(userId);
  return deleted;
}
