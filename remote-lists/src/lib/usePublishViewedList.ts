import { useEffect } from 'react';
import { useBasketStore, useViewStore } from '@wishlist/stores';

/**
 * Tells widgets outside the page (the header basket hides itself on the person's own list,
 * SPEC §2) which list is on screen, and forgets it when the page goes away. A list owned by
 * someone else is also remembered with the basket: the basket's "Add more products" leads back to it.
 */
export function usePublishViewedList(list: { id: string; isOwner: boolean } | undefined): void {
  const id = list?.id;
  const isOwner = list?.isOwner ?? false;
  useEffect(() => {
    if (!id) return;
    useViewStore.getState().setViewedList({ id, isOwner });
    if (!isOwner) useBasketStore.getState().rememberList(id);
  }, [id, isOwner]);
  useEffect(() => () => useViewStore.getState().setViewedList(null), []);
}
