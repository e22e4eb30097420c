// The identity check: whether the gateway and a service hold the same IDENTITY_SECRET, proved
// without either revealing it (identity.ts, IDENTITY_CHECK_PATH). A gateway whose key differs
// from the services' would answer every signed-in call 401: its readiness asks every service
// instance this, through the same signed assertions it sends with every request.
import type { RequestHandler } from 'express';
import { HttpError } from './errors';
import {
  IDENTITY_CHALLENGE,
  IDENTITY_CHECK_PATH,
  identityChallenge,
  requireService,
  SERVICE_HEADER,
  signIdentityProof,
  signServiceAssertion,
  verifyIdentityProof,
  type SecretInput,
} from './identity';

/** The callers the check answers: only the gateway signs identities. */
const CHECKED_BY = ['gateway'];

/**
 * GET /internal/identity-check?challenge=…: 200 `{ data: { service, proof } }` when the caller's
 * service assertion verifies with this process's key (401 `internal_only` when it does not: the
 * keys differ), 400 for a missing or malformed challenge.
 */
export function identityCheckHandlers(serviceName: string, options: { secret?: SecretInput } = {}): RequestHandler[] {
  return [
    requireService(CHECKED_BY, options),
    async (req, res, next) => {
      const challenge = req.query.challenge;
      if (typeof challenge !== 'string' || !IDENTITY_CHALLENGE.test(challenge)) {
        return next(HttpError.badRequest('challenge must be 22 to 86 base64url characters.', 'bad_challenge'));
      }
      try {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: { service: serviceName, proof: await signIdentityProof(serviceName, challenge, options) } });
      } catch (err) {
        next(err);
      }
    },
  ];
}

/**
 * What one service instance says of the caller's key: `same` (it verified our assertion and
 * answered our challenge with the same key), `differs` (it refused our assertion, or its proof
 * does not verify with our key), or `unknown` (unreachable, timed out, or a version without the
 * check: its readiness, not this check, says whether it can be used).
 */
export type IdentityVerdict = 'same' | 'differs' | 'unknown';

export async function checkIdentity(baseUrl: string, options: { secret?: SecretInput; timeoutMs?: number } = {}): Promise<IdentityVerdict> {
  const challenge = identityChallenge();
  const url = new URL(IDENTITY_CHECK_PATH, baseUrl);
  url.searchParams.set('challenge', challenge);
  try {
    const assertion = await signServiceAssertion('gateway', { secret: options.secret });
    const res = await fetch(url, { headers: { [SERVICE_HEADER]: assertion }, signal: AbortSignal.timeout(options.timeoutMs ?? 1_000) });
    if (res.status === 401) {
      await res.body?.cancel();
      return 'differs';
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      return 'unknown';
    }
    const body = (await res.json()) as { data?: { proof?: unknown } };
    const proof = body?.data?.proof;
    if (typeof proof !== 'string') return 'unknown';
    return (await verifyIdentityProof(proof, challenge, { secret: options.secret })) ? 'same' : 'differs';
  } catch {
    return 'unknown';
  }
}
