import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { hasSession, useSessionStore } from '@wishlist/stores';
import { swapFirstView } from './swap';

/**
 * The app's side of the swap (swap.ts): a new route, or a session that turns out signed in (the
 * snapshot shows the signed-out header), ends the snapshot at once.
 */
export function FirstViewSwap() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const signedIn = useSessionStore((s) => hasSession(s));
  useEffect(() => {
    if (pathname !== first.current) swapFirstView('route');
  }, [pathname]);
  useEffect(() => {
    if (signedIn) swapFirstView('signed-in');
  }, [signedIn]);
  return null;
}
