// The session flows every front end shares (SPEC §4): the default list that makes a bearer a
// session, and the logout that revokes it. They live here so the shell and the remotes run the
// same code against the same singleton stores.
import { getBearer, useSessionStore } from '@wishlist/stores';
import { clearApiCaches, getProductLists, revokeToken } from './endpoints';
import { isApiError, isAuthError } from './http';

/**
 * Refreshes the default list id (SPEC §4: the first list of `GET /api/product-lists`). Returns null
 * when signed out: no bearer, a 401/403 (which clears the default list) or no list at all. Throws
 * the ApiError when the API is unreachable; other failures keep what was known.
 */
export async function refreshDefaultListId(): Promise<string | null> {
  const session = useSessionStore.getState();
  if (!getBearer()) {
    if (session.defaultListId) session.setDefaultListId(null);
    return null;
  }
  const bearer = getBearer() ?? '';
  // Whatever the answer, the session is then known (the header stops showing a placeholder).
  const checked = () => {
    if (getBearer() === bearer) useSessionStore.getState().markChecked(bearer);
  };
  try {
    const lists = await getProductLists({ summary: true });
    const listId = lists[0]?.id ?? null;
    // A sign-out while the lists were on their way: their answer is no longer this person's.
    if (getBearer() !== bearer) return useSessionStore.getState().defaultListId;
    useSessionStore.getState().setDefaultListId(listId);
    checked();
    return listId;
  } catch (e) {
    checked();
    if (isAuthError(e)) {
      useSessionStore.getState().setDefaultListId(null);
      return null;
    }
    if (isApiError(e) && e.unreachable) throw e;
    return useSessionStore.getState().defaultListId;
  }
}

/**
 * Logout (SPEC §4): the local session ends at once (default list id cleared, `token` removed from
 * storage, caches dropped) and the token is revoked on the server with `DELETE /api/tokens`, sent
 * with the bearer it revokes. The returned promise settles when the revocation is done; it never
 * rejects (a failed revocation leaves a token nobody holds any more).
 */
export function signOut(): Promise<void> {
  const bearer = getBearer();
  // The request's headers are built synchronously, so it still carries the bearer.
  const revoked = bearer ? revokeToken(bearer).catch(() => undefined) : Promise.resolve();
  useSessionStore.getState().logout();
  clearApiCaches();
  return revoked;
}
