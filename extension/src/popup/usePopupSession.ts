// Who is signed in, for the popup: the stored device token checked against the server, the
// waiting for the e-mail link (polling every 2 s, SPEC §9), and sign-out.
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkHealth, clearApiCaches, isApiError, isAuthError } from '@wishlist/api-client';
import type { ProductList } from '@wishlist/contracts';
import { connect, ownLists, requestSignIn, signOut, tokenState } from '../lib/api';
import { getServerUrl, getStoredToken, setStoredToken, type StoredToken } from '../lib/settings';

/** SPEC §9: token poll every 2000 ms. */
export const TOKEN_POLL_MS = 2000;

export type Session =
  | { kind: 'checking' }
  | { kind: 'signed-out'; reason?: 'expired' | 'signed-out' | 'refused' }
  | { kind: 'pending'; token: StoredToken }
  | { kind: 'signed-in'; token: StoredToken; lists: ProductList[] }
  | { kind: 'unreachable' };

/** A server that cannot be reached, or a gateway whose services are down (502-504). */
export function isServerDown(e: unknown): boolean {
  return isApiError(e) && (e.unreachable || e.status >= 500);
}

export function usePopupSession() {
  const [server, setServer] = useState<string | null>(null);
  const [session, setSession] = useState<Session>({ kind: 'checking' });
  const token = useRef<StoredToken | null>(null);

  /** Lists of a token's owner; a token that does not open them is pending, dead or revoked. */
  const resolve = useCallback(async (current: StoredToken | null, serverUrl: string) => {
    token.current = current;
    connect(serverUrl, current);
    if (!current || current.server !== serverUrl) {
      // Say the server is down now rather than after an e-mail address was typed.
      setSession((await checkHealth()) ? { kind: 'signed-out' } : { kind: 'unreachable' });
      return;
    }
    try {
      setSession({ kind: 'signed-in', token: current, lists: await ownLists() });
    } catch (e) {
      // Down, or not answering as a Wishlist server would: either way nothing can be saved.
      if (!isAuthError(e)) {
        setSession({ kind: 'unreachable' });
        return;
      }
      const state = await tokenState(current);
      if (state === 'pending') {
        setSession({ kind: 'pending', token: current });
      } else {
        // Refused from the e-mailed link. Validated yet refused: revoked elsewhere (signed out on
        // the site). Dead: expired.
        await setStoredToken(null);
        token.current = null;
        setSession({ kind: 'signed-out', reason: state === 'refused' ? 'refused' : state === 'dead' ? 'expired' : 'signed-out' });
      }
    }
  }, []);

  const check = useCallback(async () => {
    setSession({ kind: 'checking' });
    clearApiCaches();
    const serverUrl = await getServerUrl();
    setServer(serverUrl);
    await resolve(await getStoredToken(), serverUrl);
  }, [resolve]);

  useEffect(() => {
    void check();
  }, [check]);

  // Waiting for the e-mail link: poll while the popup is open (it resumes when reopened).
  const pendingName = session.kind === 'pending' ? session.token.name : null;
  useEffect(() => {
    if (!pendingName || !server) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const current = token.current;
      if (stopped || !current) return;
      const state = await tokenState(current);
      if (stopped) return;
      if (state === 'pending') timer = setTimeout(() => void poll(), TOKEN_POLL_MS);
      else if (state === 'validated') await resolve(current, server);
      else {
        await setStoredToken(null);
        setSession({ kind: 'signed-out', reason: state === 'refused' ? 'refused' : 'expired' });
      }
    };
    timer = setTimeout(() => void poll(), TOKEN_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pendingName, server, resolve]);

  const startSignIn = useCallback(
    async (email: string) => {
      if (!server) return;
      const issued = await requestSignIn(server, email);
      token.current = issued;
      setSession({ kind: 'pending', token: issued });
    },
    [server],
  );

  const endSession = useCallback(async () => {
    const current = token.current;
    token.current = null;
    setSession({ kind: 'signed-out', reason: 'signed-out' });
    await signOut(current);
  }, []);

  /** A 401 while using the session: the token no longer works. */
  const lostSession = useCallback(async () => {
    await setStoredToken(null);
    token.current = null;
    setSession({ kind: 'signed-out', reason: 'expired' });
  }, []);

  const setLists = useCallback((lists: ProductList[]) => {
    setSession((s) => (s.kind === 'signed-in' ? { ...s, lists } : s));
  }, []);

  return { server, session, retry: check, startSignIn, endSession, lostSession, setLists };
}
