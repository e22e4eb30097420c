import { isApiError } from '@wishlist/api-client';

/** The per-field messages of a 422 answer (`{ errors: { field: message } }`), else null. */
export function fieldErrors(e: unknown): Record<string, string> | null {
  if (!isApiError(e) || e.status !== 422) return null;
  const errors = (e.data as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(' ') : typeof value === 'string' ? value : '';
    out[key] = text;
  }
  return out;
}

export const statusOf = (e: unknown): number | undefined => (isApiError(e) ? e.status : undefined);
export const isUnreachable = (e: unknown): boolean => isApiError(e) && (e.unreachable || (e.status >= 502 && e.status <= 504));
