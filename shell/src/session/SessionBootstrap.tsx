import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { onSessionEnded } from '@wishlist/api-client';
import { TOKEN_STORAGE_KEY, hasUncheckedBearer, notify, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { isLoginRequiredPageShown } from '../routing/RequireLogin';
import { refreshDefaultListId } from './defaultList';

/** The id of the "you are signed out" prompt: several refused calls show it once. */
export const SESSION_ENDED_NOTICE_ID = 'session-ended';

/**
 * The shell's session store is the one truth about being signed in; this keeps it true.
 *
 * - A stored bearer is not a session until `GET /api/product-lists` works with it (SPEC §4). On
 *   start (and whenever a new bearer appears) the shell asks once, so the header shows the
 *   signed-in controls without waiting for a login-required page. Pending validations simply
 *   answer 401.
 * - A page can come back without the app starting again: from the back-forward cache after a
 *   sign-out, or while another tab signs in or out. The token in storage is then read again, and
 *   every screen re-renders from the store (signed out: no owner controls anywhere).
 * - When the server refuses the bearer of a live session (revoked, expired), the client has ended
 *   it; the person is told so and offered to sign in again, back to where they were. On a
 *   login-required page the guard does it (/authenticate/session-ended): no second message.
 */
export function SessionBootstrap() {
  const { t } = useTranslation('common');
  const location = useLocation();
  // Where the person is (the router's location), for the prompt's way back.
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location.pathname, location.search]);
  const unchecked = useSessionStore((s) => hasUncheckedBearer(s));
  const bearer = useSessionStore((s) => s.token?.bearer);
  useEffect(() => {
    if (unchecked && bearer) void refreshDefaultListId().catch(() => null);
    // Once per bearer: a 401 leaves it unchecked on purpose (pending validation).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bearer]);

  useEffect(() => {
    const resync = () => {
      if (useSessionStore.getState().syncFromStorage()) void refreshDefaultListId().catch(() => null);
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) resync();
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_STORAGE_KEY || e.key === null) resync();
    };
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(
    () =>
      onSessionEnded(() => {
        if (isLoginRequiredPageShown()) return;
        usePreferencesStore.getState().setAuthRedirection(here.current);
        notify({
          type: 'page',
          id: SESSION_ENDED_NOTICE_ID,
          title: t('session.endedTitle'),
          message: t('session.endedText'),
          actions: [{ label: t('session.signInAgain'), to: '/authenticate' }],
        });
      }),
    [t],
  );
  return null;
}
