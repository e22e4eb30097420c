import { isCompleteProductUrl } from '@wishlist/contracts';

/** The public view of a shared list (works for anyone, SPEC §2 route `share`). */
export const sharedListPath = (listId: string) => `/see/${encodeURIComponent(listId)}`;

/** A product link only when it is an http(s) URL: never a `javascript:` or other scheme. */
export function safeProductUrl(url: string | undefined): string | undefined {
  return url && isCompleteProductUrl(url) ? url : undefined;
}
