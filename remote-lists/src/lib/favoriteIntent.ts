// What the person asked for before signing in to favorite a list. The favorite route acts only on
// it: any site can open /product-list/{id}/favorite/{true|false} in a signed-in browser, and
// opening an address must never change anyone's favorites by itself.

const KEY = 'wishlist-favorite-intent';
/** A sign-in link lives an hour; the intent lives a little longer, then is forgotten. */
export const FAVORITE_INTENT_TTL_MS = 2 * 60 * 60 * 1000;

interface Intent {
  listId: string;
  add: boolean;
  until: number;
}

function read(): Intent | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Intent> | null;
    if (value && typeof value.listId === 'string' && typeof value.add === 'boolean' && typeof value.until === 'number') return value as Intent;
  } catch {
    /* unreadable or no storage: no intent */
  }
  return null;
}

/** Kept in localStorage: the sign-in link may be opened in another tab of this browser. */
export function rememberFavoriteIntent(listId: string, add: boolean, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ listId, add, until: now + FAVORITE_INTENT_TTL_MS } satisfies Intent));
  } catch {
    /* private mode: the person presses the button again after signing in */
  }
}

/** Whether the person asked for exactly this, recently; the intent is forgotten either way. */
export function takeFavoriteIntent(listId: string, add: boolean, now = Date.now()): boolean {
  const intent = read();
  if (!intent) return false;
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
  return intent.listId === listId && intent.add === add && now <= intent.until;
}
