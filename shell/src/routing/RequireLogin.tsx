import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { usePreferencesStore, useSessionStore, type AuthReason } from '@wishlist/stores';
import { refreshDefaultListId } from '../session/defaultList';
import { PageLoading } from '../federation/RemotePage';

/** `/authenticate/{reason}`: SPEC §2's reasons, and `offering` for the offer e-mail's link. */
export type LoginReason = AuthReason;

type Check = 'checking' | 'allowed' | 'denied' | 'error' | 'logged-out' | 'ended';

/** How many login-required pages are on screen (0 or 1): see `isLoginRequiredPageShown`. */
let shownGuardedPages = 0;

/**
 * Whether a login-required page is on screen. When the session ends under one, the guard itself
 * takes the person to /authenticate/session-ended, whose words say what happened; the shell's
 * "you are signed out" prompt is for the pages that stay, in their signed-out state.
 */
export function isLoginRequiredPageShown(): boolean {
  return shownGuardedPages > 0;
}

/**
 * SPEC §6: a login-required route with no default list and no session goes to
 * /authenticate/{reason}, remembering the wanted path in auth-redirection; a failing login check
 * goes to /server-error.
 */
export function RequireLogin({ reason = 'mandatory', children }: { reason?: LoginReason; children: ReactNode }) {
  const location = useLocation();
  const defaultListId = useSessionStore((s) => s.defaultListId);
  const bearer = useSessionStore((s) => s.token?.bearer);
  const [check, setCheck] = useState<Check>(() => (defaultListId ? 'allowed' : bearer ? 'checking' : 'denied'));
  const wasAllowed = useRef(Boolean(defaultListId));

  useEffect(() => {
    if (defaultListId) {
      wasAllowed.current = true;
      return setCheck('allowed');
    }
    // The token disappeared under an allowed page: a logout (sign-out, account deletion), whose
    // initiator navigates to `/` itself. Redirecting to /authenticate here would race with it.
    if (!bearer) return setCheck(wasAllowed.current ? 'logged-out' : 'denied');
    let cancelled = false;
    setCheck('checking');
    refreshDefaultListId().then(
      (id) => {
        if (cancelled) return;
        if (id) wasAllowed.current = true;
        setCheck(id ? 'allowed' : 'denied');
      },
      () => !cancelled && setCheck('error'),
    );
    return () => {
      cancelled = true;
    };
  }, [defaultListId, bearer]);

  // Still here a moment after the token went: nobody is navigating away (the server ended the
  // session, or another tab signed out). An owner-only page is not shown signed out: sign in again,
  // told why (not the first-visit words of `reason`).
  useEffect(() => {
    if (check !== 'logged-out') return;
    const timer = setTimeout(() => setCheck('ended'), 0);
    return () => clearTimeout(timer);
  }, [check]);

  useEffect(() => {
    shownGuardedPages += 1;
    return () => {
      shownGuardedPages -= 1;
    };
  }, []);

  const denied = check === 'denied' || check === 'ended';
  const wanted = location.pathname + location.search + location.hash;
  useEffect(() => {
    if (denied) usePreferencesStore.getState().setAuthRedirection(wanted);
  }, [denied, wanted]);

  if (check === 'logged-out') return null;
  if (check === 'checking') return <PageLoading />;
  if (check === 'error') return <Navigate to="/server-error" replace />;
  if (check === 'ended') return <Navigate to="/authenticate/session-ended" replace />;
  if (denied) return <Navigate to={`/authenticate/${reason}`} replace />;
  return <>{children}</>;
}
