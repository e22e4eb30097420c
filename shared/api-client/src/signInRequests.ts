// The sign-in request as the page opened from the e-mail sees it, and as the asking screen starts
// it: beside SPEC §7's token calls (docs/api.md, "Auth service: approving a sign-in").
import type { CreateTokenRequest, SignInRequestView, ValidateTokenRequest, ValidationFailureReason } from '@wishlist/contracts';
import { isApiError, request } from './http';

/** The browser's own IANA time zone, for the e-mail's "asked at"; undefined when unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/tokens` (SPEC §7) with the asker's time zone: the bearer (`data.token`) and the
 * code the asking screen shows (null from a server that does not send one).
 */
export async function askSignIn(payload: CreateTokenRequest): Promise<{ token: string; matchCode: string | null }> {
  const timeZone = payload.timeZone ?? browserTimeZone();
  const { data } = await request<{ token: string; matchCode?: unknown }>('POST', '/api/tokens', timeZone ? { ...payload, timeZone } : payload);
  return { token: data.token, matchCode: typeof data.matchCode === 'string' ? data.matchCode : null };
}

export type SignInRequestLookup = { found: true; request: SignInRequestView } | { found: false; reason: ValidationFailureReason };

/** SPEC §4's reasons: 400 too-many-tries, 422 incorrect-data, anything else unknown. */
function failureReason(e: unknown): ValidationFailureReason {
  const status = isApiError(e) ? e.status : 0;
  return status === 400 ? 'too-many-tries' : status === 422 ? 'incorrect-data' : 'unknown';
}

/** `POST /api/tokens/request`: who asked, when, the match code and the state. Changes nothing. */
export async function getSignInRequest(payload: ValidateTokenRequest): Promise<SignInRequestLookup> {
  try {
    const { data } = await request<{ data: SignInRequestView }>('POST', '/api/tokens/request', payload);
    return { found: true, request: data.data };
  } catch (e) {
    return { found: false, reason: failureReason(e) };
  }
}

export type RefusalResult = { refused: true } | { refused: false; reason: ValidationFailureReason | 'already-validated' };

/** `POST /api/tokens/refusal`: "this was not me"; the waiting device is told. */
export async function refuseSignIn(payload: ValidateTokenRequest): Promise<RefusalResult> {
  try {
    await request('POST', '/api/tokens/refusal', payload);
    return { refused: true };
  } catch (e) {
    if (isApiError(e) && e.status === 409) return { refused: false, reason: 'already-validated' };
    return { refused: false, reason: failureReason(e) };
  }
}
