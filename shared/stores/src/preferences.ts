import { create } from 'zustand';
import { readJson, writeJson } from './storage';

// Local preferences (SPEC §3): each one is JSON under its own storage key.
export const AUTH_REDIRECTION_KEY = 'auth-redirection';
export const LANGUAGE_KEY = 'language';
/** Why the last sign-in was asked for (`/authenticate/{reason}`), so its success says the right thing. */
export const AUTH_REASON_KEY = 'auth-reason';

/**
 * The `/authenticate/{reason}` reasons: SPEC §2's three, the offer e-mail's link, and a session
 * that ended under a login-required page (revoked, expired, signed out in another tab).
 */
export const AUTH_REASONS = ['mandatory', 'account-deletion', 'favorite', 'offering', 'session-ended'] as const;
export type AuthReason = (typeof AUTH_REASONS)[number];

export function isAuthReason(value: unknown): value is AuthReason {
  return typeof value === 'string' && (AUTH_REASONS as readonly string[]).includes(value);
}

export type PreferredLanguage = 'en' | 'fr';

export interface PreferencesState {
  /** Route to return to after sign-in. */
  authRedirection: string | null;
  /** Language chosen with the footer switch on non-prefixed pages. */
  language: PreferredLanguage | null;
  setAuthRedirection: (path: string | null) => void;
  /** Returns the stored redirect and forgets it. */
  takeAuthRedirection: () => string | null;
  setLanguage: (lang: PreferredLanguage | null) => void;
  /**
   * The reason of the pending sign-in (null: none given). Written on every sign-in request, so it
   * never outlives the next one; the page that sees the sign-in succeed reads it.
   */
  authReason: AuthReason | null;
  setAuthReason: (reason: AuthReason | null) => void;
}

const storedLanguage = readJson<string>(LANGUAGE_KEY);
const storedReason = readJson<string>(AUTH_REASON_KEY);

export const usePreferencesStore = create<PreferencesState>()((set, get) => ({
  authRedirection: readJson<string>(AUTH_REDIRECTION_KEY) ?? null,
  language: storedLanguage === 'en' || storedLanguage === 'fr' ? storedLanguage : null,
  setAuthRedirection: (authRedirection) => {
    writeJson(AUTH_REDIRECTION_KEY, authRedirection);
    set({ authRedirection });
  },
  takeAuthRedirection: () => {
    const value = get().authRedirection;
    get().setAuthRedirection(null);
    return value;
  },
  setLanguage: (language) => {
    writeJson(LANGUAGE_KEY, language);
    set({ language });
  },
  authReason: isAuthReason(storedReason) ? storedReason : null,
  setAuthReason: (authReason) => {
    writeJson(AUTH_REASON_KEY, authReason);
    set({ authReason });
  },
}));
