// Reading the service's error answers (ARCHITECTURE §1): 422 `{ errors: { field: message } }`,
// others `{ error: { code, message } }`.
import { isApiError } from '@wishlist/api-client';

export type FieldErrors = Partial<Record<string, string>>;

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (Array.isArray(value)) return value.map(messageOf).filter(Boolean).join(' ') || undefined;
  return undefined;
}

/** The per-field messages of a 422 answer (`{}` for any other failure). */
export function fieldErrorsOf(e: unknown): FieldErrors {
  if (!isApiError(e) || e.status !== 422) return {};
  const errors = (e.data as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const message = messageOf(value);
    if (message) out[field] = message;
  }
  return out;
}

export const isValidationError = (e: unknown) => isApiError(e) && e.status === 422;
export const isUnreachable = (e: unknown) => isApiError(e) && e.unreachable;

/**
 * The reason a page could not be read: the `code` of the page call's 422 (`page_blocked`,
 * `page_timeout`, `url_forbidden`…) or of another refusal (`too_many_requests`).
 */
export function pageErrorCodeOf(e: unknown): string | undefined {
  if (!isApiError(e)) return undefined;
  const data = e.data as { code?: unknown; error?: { code?: unknown } } | null;
  const code = e.status === 422 ? data?.code : data?.error?.code;
  return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
}

/**
 * A limit of the account that refused a new product: `accountFull` (409 `account_full`, as many
 * products as an account keeps) or `tooManyCreated` (429, too many added in a short time).
 */
export function limitRefusalOf(e: unknown): 'accountFull' | 'tooManyCreated' | undefined {
  if (!isApiError(e)) return undefined;
  if (e.status === 429) return 'tooManyCreated';
  const code = (e.data as { error?: { code?: unknown } } | null)?.error?.code;
  return e.status === 409 && code === 'account_full' ? 'accountFull' : undefined;
}
