import { checkHealth, refreshDefaultListId } from '@wishlist/api-client';
import { useSessionStore } from '@wishlist/stores';

// The default list (SPEC §4: the first list returned) is refreshed by `@wishlist/api-client`, so
// the shell and the remotes share one implementation.
export { refreshDefaultListId };

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
