import { create } from 'zustand';
import type { Token } from '@wishlist/contracts';
import { useBasketStore } from './basket';
import { readJson, writeJson } from './storage';

/** SPEC §9 storage key of the device token. */
export const TOKEN_STORAGE_KEY = 'token';

export interface SessionState {
  /** Device token `{ name: 't' + ms + '-' + 128 random bits, bearer }`, persisted under `token`. */
  token: Token | null;
  /** The first list returned after login; known means logged in (SPEC §4). Kept in memory. */
  defaultListId: string | null;
  /**
   * The bearer whose session check (`GET /api/product-lists`) has answered, whatever the answer.
   * Until then a stored bearer may or may not be a session: the header shows neither state.
   */
  checkedBearer: string | null;
  /** Returns the stored token, creating `{ name: createTokenName(), bearer: '' }` if none. */
  ensureToken: () => Token;
  setBearer: (bearer: string) => void;
  setToken: (token: Token | null) => void;
  setDefaultListId: (id: string | null) => void;
  /** Records that the check of `bearer` has answered (see `isSessionKnown`). */
  markChecked: (bearer: string) => void;
  /**
   * Takes the token stored under `token` again (another tab signed in or out, or a page restored
   * from the back-forward cache after a sign-out). A different bearer ends what was known of the
   * session; returns true when it did.
   */
  syncFromStorage: () => boolean;
  /**
   * Clears the default list id, removes the token from storage and forgets the basket's last list
   * (revocation is the caller's call). Both a sign-out and a session the server ended come here.
   */
  logout: () => void;
}

function loadToken(): Token | null {
  const t = readJson<Partial<Token>>(TOKEN_STORAGE_KEY);
  return t && typeof t.name === 'string' ? { name: t.name, bearer: typeof t.bearer === 'string' ? t.bearer : '' } : null;
}

/** Random bits after the spec's `t{ms}` prefix (SPEC §7 names the prefix only). */
export const TOKEN_NAME_RANDOM_BITS = 128;

/**
 * `t{ms}-{32 hex digits}`: the spec's `t` + milliseconds, then 128 random bits. A name is what a
 * validation code is tried against, so a guessable one (`t` + ms alone) let anyone spend someone
 * else's tries and lock their pending sign-in out.
 */
export function createTokenName(now = Date.now(), random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(TOKEN_NAME_RANDOM_BITS / 8));
  return `t${now}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: loadToken(),
  defaultListId: null,
  checkedBearer: null,
  ensureToken: () => {
    const existing = get().token;
    if (existing) return existing;
    const token = { name: createTokenName(), bearer: '' };
    writeJson(TOKEN_STORAGE_KEY, token);
    set({ token });
    return token;
  },
  setBearer: (bearer) => {
    const token = { ...get().ensureToken(), bearer };
    writeJson(TOKEN_STORAGE_KEY, token);
    set({ token });
  },
  setToken: (token) => {
    writeJson(TOKEN_STORAGE_KEY, token);
    set({ token });
  },
  setDefaultListId: (defaultListId) => set({ defaultListId }),
  markChecked: (checkedBearer) => {
    if (get().checkedBearer !== checkedBearer) set({ checkedBearer });
  },
  syncFromStorage: () => {
    const stored = loadToken();
    const current = get().token;
    if ((stored?.bearer ?? '') === (current?.bearer ?? '') && stored?.name === current?.name) return false;
    set({ token: stored, defaultListId: null, checkedBearer: null });
    return true;
  },
  logout: () => {
    writeJson(TOKEN_STORAGE_KEY, null);
    set({ token: null, defaultListId: null, checkedBearer: null });
    useBasketStore.getState().forgetList();
  },
}));

/** The getter the API client uses for `Authorization: Bearer`. */
export function getBearer(): string | undefined {
  return useSessionStore.getState().token?.bearer || undefined;
}

/**
 * SPEC §4: signed in means a default list is known (the bearer's `GET /api/product-lists` worked).
 * A stored bearer alone is not a session: it may still wait for its e-mail validation, or have been
 * revoked; the shell resolves it with `refreshDefaultListId()` from `@wishlist/api-client`.
 */
export function hasSession(state: Pick<SessionState, 'defaultListId'> = useSessionStore.getState()): boolean {
  return Boolean(state.defaultListId);
}

/**
 * Whether the person is known to be signed in or out: no bearer (signed out), a default list
 * (signed in), or the bearer's check has answered. False only while a stored bearer is checked.
 */
export function isSessionKnown(state: Pick<SessionState, 'token' | 'defaultListId' | 'checkedBearer'> = useSessionStore.getState()): boolean {
  const bearer = state.token?.bearer;
  return !bearer || Boolean(state.defaultListId) || state.checkedBearer === bearer;
}

/** A bearer is stored but not yet known to work (pending validation, or not checked yet). */
export function hasUncheckedBearer(state: Pick<SessionState, 'token' | 'defaultListId'> = useSessionStore.getState()): boolean {
  return !state.defaultListId && Boolean(state.token?.bearer);
}
