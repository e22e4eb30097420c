// Where the extension's state lives: the server address (synced, options page) and, per device,
// the device token and the last list chosen (local storage of the extension, never the page's).
import type { Token } from '@wishlist/contracts';

/** Built in by Rsbuild from WISHLIST_SERVER_URL (a self-hoster builds their own). */
export const DEFAULT_SERVER_URL = process.env.WISHLIST_SERVER_URL || 'http://localhost:8080';

const SERVER_KEY = 'serverUrl';
/** SPEC §9 storage key of the device token, here in extension storage. */
export const TOKEN_KEY = 'token';
const LAST_LIST_KEY = 'lastListId';

/** The origin of an http(s) address as typed ("wishlist.example" gets https://), or null. */
export function normalizeServerUrl(input: string): string | null {
  let value = input.trim();
  if (!value) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) value = `https://${value}`;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export async function getServerUrl(): Promise<string> {
  const stored = (await chrome.storage.sync.get(SERVER_KEY))[SERVER_KEY];
  return (typeof stored === 'string' && normalizeServerUrl(stored)) || normalizeServerUrl(DEFAULT_SERVER_URL) || DEFAULT_SERVER_URL;
}

export async function setServerUrl(url: string | null): Promise<void> {
  if (url === null) await chrome.storage.sync.remove(SERVER_KEY);
  else await chrome.storage.sync.set({ [SERVER_KEY]: url });
}

/** The device token, with the address the sign-in e-mail went to while it waits for validation. */
export interface StoredToken extends Token {
  email?: string;
  /** The code the page opened from the e-mail shows too, while the sign-in waits. */
  matchCode?: string;
  /** The server that issued it: a token is never sent to another server. */
  server: string;
}

export async function getStoredToken(): Promise<StoredToken | null> {
  const value = (await chrome.storage.local.get(TOKEN_KEY))[TOKEN_KEY] as Partial<StoredToken> | undefined;
  if (!value || typeof value.name !== 'string' || typeof value.bearer !== 'string' || typeof value.server !== 'string') return null;
  return {
    name: value.name,
    bearer: value.bearer,
    server: value.server,
    email: typeof value.email === 'string' ? value.email : undefined,
    ...(typeof value.matchCode === 'string' ? { matchCode: value.matchCode } : {}),
  };
}

/** Storing null ends the session here: the token and the last list (another account's) go. */
export async function setStoredToken(token: StoredToken | null): Promise<void> {
  if (token) await chrome.storage.local.set({ [TOKEN_KEY]: token });
  else await chrome.storage.local.remove([TOKEN_KEY, LAST_LIST_KEY]);
}

export async function getLastListId(): Promise<string | null> {
  const value = (await chrome.storage.local.get(LAST_LIST_KEY))[LAST_LIST_KEY];
  return typeof value === 'string' ? value : null;
}

export async function setLastListId(id: string): Promise<void> {
  await chrome.storage.local.set({ [LAST_LIST_KEY]: id });
}
