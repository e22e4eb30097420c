// Requests the shell starts before any remote is loaded: the shared list of /see/{id} is
// fetched while the code that renders it downloads, instead of after. The shell's entry puts the
// pending response under `window.__WISHLIST_EARLY__[path]`; the first GET of that path made with
// the same bearer takes it (once) instead of asking again.

export interface EarlyRequest {
  /** The bearer the request was sent with (null: none). */
  bearer: string | null;
  response: Promise<Response>;
  /** When it was sent (ms since the epoch). */
  at?: number;
}

/**
 * An early answer older than this is not taken: it was for the first view, and a page that asks
 * for the same path much later (the person left before it was taken) wants the data as it is now.
 */
export const EARLY_MAX_AGE_MS = 30_000;

const slot = () => globalThis as { __WISHLIST_EARLY__?: Record<string, EarlyRequest | undefined> };

/** The early response for `GET path` sent with `bearer`, taken once; undefined when there is none. */
export function takeEarlyResponse(method: string, path: string, bearer: string | null): Promise<Response> | undefined {
  const pending = slot().__WISHLIST_EARLY__;
  const early = method === 'GET' ? pending?.[path] : undefined;
  if (!pending || !early) return undefined;
  delete pending[path];
  if (early.at !== undefined && Date.now() - early.at > EARLY_MAX_AGE_MS) return undefined;
  return early.bearer === bearer ? early.response : undefined;
}
