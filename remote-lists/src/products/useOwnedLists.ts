// The person's own lists for the product form, and the chosen one: by default the product's list,
// else the route's, else the first (SPEC §4 "List selector defaults").
import { useEffect, useState } from 'react';
import { getProductLists } from '@wishlist/api-client';
import type { ProductList } from '@wishlist/contracts';

export type ListsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; lists: ProductList[] };

export function useOwnedLists(defaults: readonly (string | undefined)[]) {
  const [listId, setListId] = useState('');
  const [lists, setLists] = useState<ListsState>({ status: 'loading' });
  const [loadAttempt, setLoadAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLists({ status: 'loading' });
    getProductLists({ summary: true }).then(
      (all) => {
        if (cancelled) return;
        // An archived list takes no product: never offered as a target.
        const owned = all.filter((l) => l.isOwner && !l.archived);
        setLists({ status: 'ready', lists: owned });
        setListId((current) => {
          if (current && owned.some((l) => l.id === current)) return current;
          for (const candidate of defaults) {
            if (candidate && owned.some((l) => l.id === candidate)) return candidate;
          }
          return owned[0]?.id ?? '';
        });
      },
      () => !cancelled && setLists({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
    // The defaults are read once per load.
  }, [loadAttempt]);

  return { lists, setLists, listId, setListId, retry: () => setLoadAttempt((n) => n + 1) };
}
