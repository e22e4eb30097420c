import { create } from 'zustand';
import { readJson, writeJson } from './storage';

// Local preferences (SPEC §3): each one is JSON under its own storage key.
export const AUTH_REDIRECTION_KEY = 'auth-redirection';
export const LANGUAGE_KEY = 'language';

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
}

const storedLanguage = readJson<string>(LANGUAGE_KEY);

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
}));
