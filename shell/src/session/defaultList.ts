import { checkHealth, getProductLists, isApiError, isAuthError } from '@wishlist/api-client';
import { getBearer, useSessionStore } from '@wishlist/stores';

/**
 * Refreshes the default list id (SPEC §4: the first list returned). Returns null when signed out:
 * no bearer, a 401/403 (which clears the default list) or no list. Throws when the API is unreachable.
 */
export async function refreshDefaultListId(): Promise<string | null> {
  const session = useSessionStore.getState();
  if (!getBearer()) return session.defaultListId;
  try {
    const lists = await getProductLists();
    const id = lists[0]?.id ?? null;
    session.setDefaultListId(id);
    return id;
  } catch (e) {
    if (isAuthError(e)) {
      session.setDefaultListId(null);
      return null;
    }
    if (isApiError(e) && e.unreachable) throw e;
    return session.defaultListId;
  }
}

export type HomeDecision = { to: string };

/** SPEC §2 `/`: the default list's listing if known, else /authenticate when reachable, else /server-error. */
export async function decideHome(): Promise<HomeDecision> {
  let id = useSessionStore.getState().defaultListId;
  if (!id) {
    try {
      id = await refreshDefaultListId();
    } catch {
      return { to: '/server-error' };
    }
  }
  if (id) return { to: `/product-list/${encodeURIComponent(id)}` };
  return { to: (await checkHealth()) ? '/authenticate' : '/server-error' };
}
