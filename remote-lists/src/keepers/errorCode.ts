import { isApiError } from '@wishlist/api-client';

/** The `error.code` of a refused call (`{ error: { code, message } }`), if any. */
export function errorCode(e: unknown): string | undefined {
  if (!isApiError(e)) return undefined;
  const code = (e.data as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}
