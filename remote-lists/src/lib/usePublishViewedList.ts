import { useEffect } from 'react';
import { useViewStore } from '@wishlist/stores';

/**
 * Tells widgets outside the page (the header basket hides itself on the person's own list,
 * SPEC §2) which list is on screen, and forgets it when the page goes away.
 */
export function usePublishViewedList(list: { id: string; isOwner: boolean } | undefined): void {
  const id = list?.id;
  const isOwner = list?.isOwner ?? false;
  useEffect(() => {
    if (id) useViewStore.getState().setViewedList({ id, isOwner });
  }, [id, isOwner]);
  useEffect(() => () => useViewStore.getState().setViewedList(null), []);
}
