// Where the sign-in flows go next (SPEC §2, §4), shared by the polling and validation pages.
import { refreshDefaultListId } from '@wishlist/api-client';
import { usePreferencesStore, type AuthReason } from '@wishlist/stores';

export const TOKEN_POLL_MS = 2000;

/** The default list's product listing (SPEC route `product-listing`). */
export function defaultListPath(listId: string): string {
  return `/product-list/${encodeURIComponent(listId)}`;
}

/** Pages that must never be a post-login destination (they would loop). */
const AUTH_PAGES = /^\/(authenticate|check-your-emails|validate-email|validate-email-failed|validate-email-success)(\/|$|\?)/;

/** A stored redirect is used only when it is a path of this app (no `//host`, no auth page). */
export function isSafeRedirect(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !AUTH_PAGES.test(path);
}

/**
 * After a validation on this device: learns the default list (the first list), then returns the
 * stored `auth-redirection` (clearing it) or the default list's page; `/` when neither is known
 * (the shell decides from there).
 */
export async function destinationAfterSignIn(): Promise<string> {
  const listId = await refreshDefaultListId().catch(() => null);
  const stored = usePreferencesStore.getState().takeAuthRedirection();
  if (isSafeRedirect(stored)) return stored;
  return listId ? defaultListPath(listId) : '/';
}

/** Where a sign-in for account deletion returns: the page it was asked for. */
export const ACCOUNT_DELETION_PATH = '/delete-account';

/** The success notice of each sign-in reason: it says what the person can do now. */
const SUCCESS_KEYS: Record<AuthReason | 'default', string> = {
  default: 'notifications.authSuccess',
  mandatory: 'notifications.authSuccess',
  'account-deletion': 'notifications.authSuccessForDeletion',
  favorite: 'notifications.authSuccessForFavorite',
  offering: 'notifications.authSuccessForOffering',
  'session-ended': 'notifications.authSuccessAgain',
};

/** The translation key of the notice shown once the pending sign-in succeeded. */
export function signInSuccessKey(reason: AuthReason | null = usePreferencesStore.getState().authReason): string {
  return SUCCESS_KEYS[reason ?? 'default'];
}

const PENDING_EMAIL_KEY = 'wishlist-auth-email';

/** The address the last sign-in e-mail went to, shown by /check-your-emails (this tab only). */
export function rememberPendingEmail(email: string): void {
  try {
    sessionStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    /* private mode: the page then shows a generic sentence */
  }
}

export function pendingEmail(): string | null {
  try {
    return sessionStorage.getItem(PENDING_EMAIL_KEY);
  } catch {
    return null;
  }
}

const PENDING_MATCH_CODE_KEY = 'wishlist-auth-match-code';

/** The match code of the sign-in `tokenName` asked from this tab, shown by /check-your-emails. */
export function rememberMatchCode(tokenName: string, code: string | null): void {
  try {
    if (code) sessionStorage.setItem(PENDING_MATCH_CODE_KEY, JSON.stringify({ tokenName, code }));
    else sessionStorage.removeItem(PENDING_MATCH_CODE_KEY);
  } catch {
    /* private mode: the page then shows no code */
  }
}

/** The match code remembered for `tokenName`, or null (another sign-in's code is never shown). */
export function pendingMatchCode(tokenName: string | undefined): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PENDING_MATCH_CODE_KEY) ?? 'null') as { tokenName?: unknown; code?: unknown } | null;
    return tokenName && stored?.tokenName === tokenName && typeof stored.code === 'string' ? stored.code : null;
  } catch {
    return null;
  }
}
