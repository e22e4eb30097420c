import { useCallback, useEffect, useState } from 'react';
import type { Favorite, ProductList } from '@wishlist/contracts';
import { getFavorites, getProductLists } from '@wishlist/api-client';

/** An empty list, the same one when it already is. */
function keepEmpty<T>(current: T[]): T[] {
  return current.length === 0 ? current : [];
}

/**
 * What the signed-in desktop header shows: the owned lists (GET /api/product-lists) and the
 * favorites (GET /api/favorites; any failure, such as a 404 before the favorites service exists,
 * means no favorites menu). Loaded when signed in, refreshed when a menu opens.
 */
export function useHeaderData(signedIn: boolean) {
  const [lists, setLists] = useState<ProductList[]>([]);
  const [favorites, setFavorites] = useState<Favorite[]>([]);

  const loadLists = useCallback(() => {
    getProductLists({ summary: true }).then(
      // Archived lists are out of the quick menu as out of the slider (the lists page keeps them).
      (all) => setLists(all.filter((l) => l.isOwner && !l.archived)),
      () => undefined,
    );
  }, []);
  const loadFavorites = useCallback(() => {
    getFavorites().then(
      (all) => setFavorites(Array.isArray(all) ? all : []),
      () => setFavorites([]),
    );
  }, []);

  useEffect(() => {
    if (!signedIn) {
      // The same empty array when already empty: signed-out pages (every visitor's first view)
      // mount the header with nothing to clear, and a new [] would render it again for nothing.
      setLists(keepEmpty);
      setFavorites(keepEmpty);
      return;
    }
    loadLists();
    loadFavorites();
  }, [signedIn, loadLists, loadFavorites]);

  return { lists, favorites, loadLists, loadFavorites };
}
