import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { getProductLists } from '@wishlist/api-client';
import { hasSession, useSessionStore, useViewStore } from '@wishlist/stores';

const LIST_ROUTES = ['/product-list/:productListId/*', '/see/:productListId'];

/** The list id in the current path (list page or shared view), if any. */
export function listIdInPath(pathname: string): string | undefined {
  for (const pattern of LIST_ROUTES) {
    const m = matchPath(pattern, pathname);
    if (m?.params.productListId) return m.params.productListId;
  }
  return undefined;
}

/**
 * True when the page shows one of the person's own lists (SPEC §2: the header basket hides then).
 * The list page publishes it in `useViewStore`; the path is checked as well (the default list, or
 * one of the signed-in person's lists), so the header is right before the page has loaded.
 */
export function useViewingOwnList(): boolean {
  const published = useViewStore((s) => s.viewedList);
  const { pathname } = useLocation();
  const defaultListId = useSessionStore((s) => s.defaultListId);
  const signedIn = useSessionStore((s) => hasSession(s));
  const listId = listIdInPath(pathname);
  const [ownIds, setOwnIds] = useState<{ for: string; own: boolean } | null>(null);

  const needsLookup = signedIn && !!listId && listId !== defaultListId && !(published && published.id === listId);
  useEffect(() => {
    if (!needsLookup || !listId) return;
    let cancelled = false;
    getProductLists({ summary: true }).then(
      (lists) => {
        if (!cancelled) setOwnIds({ for: listId, own: lists.some((l) => l.id === listId && l.isOwner) });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [needsLookup, listId]);

  if (published?.isOwner && (!listId || published.id === listId)) return true;
  if (published && published.id === listId) return false;
  if (!listId) return false;
  if (signedIn && listId === defaultListId) return true;
  return needsLookup && ownIds?.for === listId && ownIds.own;
}
