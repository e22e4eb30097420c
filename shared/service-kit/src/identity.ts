import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { HttpError } from './errors';

/** Header carrying the caller's identity, signed by the gateway. */
export const IDENTITY_HEADER = 'x-wishlist-identity';
/** Header carrying a service-to-service assertion (for /internal/* routes). */
export const SERVICE_HEADER = 'x-wishlist-service';

/**
 * Header carrying the client's network address as the gateway saw it on the socket (or from the
 * proxy hops its TRUST_PROXY names), signed: a client-supplied X-Forwarded-For never reaches a
 * rate limit. Signed for its own audience, so it can never pass for an identity assertion.
 */
export const CLIENT_HEADER = 'x-wishlist-client';
export const CLIENT_AUDIENCE = 'wishlist-client-address';

export const IDENTITY_AUDIENCE = 'wishlist-services';
export const IDENTITY_ISSUER = 'wishlist-gateway';
export const IDENTITY_LIFETIME_SECONDS = 60;

export type Lang = 'en' | 'fr';
export interface Identity {
  userId: string;
  lang?: Lang;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by requireIdentity (always an Identity) and optionalIdentity (Identity or null). */
      identity?: Identity | null;
      /** Set by requireService: the calling service's name. */
      callerService?: string;
    }
  }
}

export type SecretInput = string | Uint8Array;
let generated: Uint8Array | undefined;
let warn: (message: string) => void = (message) => console.warn(message);

/** Where the "no IDENTITY_SECRET" warning goes (createService routes it to the logger). */
export function setIdentityWarning(fn: (message: string) => void): void {
  warn = fn;
}

/**
 * The process's identity key: IDENTITY_SECRET, or, outside production, a random per-process key
 * (with a loud warning: processes that do not share it cannot talk to each other).
 */
export function identitySecret(env: Record<string, string | undefined> = process.env): Uint8Array {
  const fromEnv = env.IDENTITY_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('IDENTITY_SECRET must be at least 32 characters.');
    return new TextEncoder().encode(fromEnv);
  }
  if (env.NODE_ENV === 'production') throw new Error('IDENTITY_SECRET must be set in production.');
  if (!generated) {
    generated = new Uint8Array(randomBytes(32));
    if (!env.JEST_WORKER_ID) {
      warn(
        '!!! IDENTITY_SECRET is not set: using a random secret for this process only. ' +
          'The gateway and the services must share one secret (npm start passes one to every process). !!!',
      );
    }
  }
  return generated;
}

function key(secret?: SecretInput): Uint8Array {
  if (secret === undefined) return identitySecret();
  return typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
}

interface SignOptions {
  secret?: SecretInput;
  expiresInSeconds?: number;
}

async function sign(claims: Record<string, unknown>, sub: string, options: SignOptions, audience = IDENTITY_AUDIENCE): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(IDENTITY_ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? IDENTITY_LIFETIME_SECONDS))
    .sign(key(options.secret));
}

const SERVICE_PREFIX = 'service:';

/** The gateway's signed assertion of who the caller is (header X-Wishlist-Identity). */
export function signIdentity(identity: Identity, options: SignOptions = {}): Promise<string> {
  if (!identity.userId || identity.userId.startsWith(SERVICE_PREFIX)) throw new Error('invalid userId');
  return sign(identity.lang ? { lang: identity.lang } : {}, identity.userId, options);
}

async function verify(token: string, secret?: SecretInput, audience = IDENTITY_AUDIENCE) {
  const { payload } = await jwtVerify(token, key(secret), {
    algorithms: ['HS256'],
    audience,
    issuer: IDENTITY_ISSUER,
    requiredClaims: ['exp', 'sub'],
    clockTolerance: 5,
  });
  return payload;
}

/** Verified identity, or null when the assertion is missing, forged, expired or not a user's. */
export async function verifyIdentity(token: string | undefined, options: { secret?: SecretInput } = {}): Promise<Identity | null> {
  if (!token) return null;
  try {
    const payload = await verify(token, options.secret);
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub === '' || sub.startsWith(SERVICE_PREFIX)) return null;
    const lang = payload.lang === 'en' || payload.lang === 'fr' ? payload.lang : undefined;
    return lang ? { userId: sub, lang } : { userId: sub };
  } catch {
    return null;
  }
}

/** A signed assertion that the caller is the service `serviceName` (header X-Wishlist-Service). */
export function signServiceAssertion(serviceName: string, options: SignOptions = {}): Promise<string> {
  if (!/^[a-z][a-z0-9-]*$/.test(serviceName)) throw new Error('invalid service name');
  return sign({}, `${SERVICE_PREFIX}${serviceName}`, options);
}

/** The calling service's name, or null. */
export async function verifyServiceAssertion(token: string | undefined, options: { secret?: SecretInput } = {}): Promise<string | null> {
  if (!token) return null;
  try {
    const payload = await verify(token, options.secret);
    const sub = payload.sub;
    if (typeof sub !== 'string' || !sub.startsWith(SERVICE_PREFIX)) return null;
    return sub.slice(SERVICE_PREFIX.length) || null;
  } catch {
    return null;
  }
}

/**
 * The identity check (GET /internal/identity-check?challenge=…, every service): the gateway calls
 * it with a service assertion signed with its key, and a challenge of its own; a service that
 * verifies the assertion answers the challenge signed with its key, for this audience alone (a
 * proof can never pass for an identity or a service assertion). Both sides prove they hold the
 * same key and neither reveals it.
 */
export const IDENTITY_CHECK_PATH = '/internal/identity-check';
export const IDENTITY_CHECK_AUDIENCE = 'wishlist-identity-check';
/** A challenge: 128 to 512 random bits, base64url. */
export const IDENTITY_CHALLENGE = /^[A-Za-z0-9_-]{22,86}$/;

/** A fresh challenge (128 random bits). */
export function identityChallenge(): string {
  return randomBytes(16).toString('base64url');
}

/** The service's answer to a challenge. */
export function signIdentityProof(serviceName: string, challenge: string, options: SignOptions = {}): Promise<string> {
  if (!IDENTITY_CHALLENGE.test(challenge)) throw new Error('invalid challenge');
  return sign({ challenge }, `${SERVICE_PREFIX}${serviceName}`, { expiresInSeconds: 30, ...options }, IDENTITY_CHECK_AUDIENCE);
}

/** The name of the service that answered `challenge` with the same key, or null. */
export async function verifyIdentityProof(token: string, challenge: string, options: { secret?: SecretInput } = {}): Promise<string | null> {
  try {
    const payload = await verify(token, options.secret, IDENTITY_CHECK_AUDIENCE);
    const sub = payload.sub;
    if (payload.challenge !== challenge || typeof sub !== 'string' || !sub.startsWith(SERVICE_PREFIX)) return null;
    return sub.slice(SERVICE_PREFIX.length) || null;
  } catch {
    return null;
  }
}

/** The gateway's signed statement of the caller's network address (header X-Wishlist-Client). */
export async function signClientAddress(address: string, options: SignOptions = {}): Promise<string> {
  if (!address || address.length > 100) throw new Error('invalid client address');
  return sign({}, address, options, CLIENT_AUDIENCE);
}

/**
 * Client assertions already verified with the process's key, until they expire. Every request a
 * service gets carries one, and the gateway reuses one per client address for 30 s: verifying it
 * once, not on every request, keeps an HMAC off the services' hot path.
 */
const verifiedClients = { secret: undefined as string | undefined, entries: new Map<string, { address: string; untilMs: number }>() };
const MAX_VERIFIED_CLIENTS = 10_000;

/** The client address the gateway signed, or null when missing, forged, expired or of another kind. */
export async function verifyClientAddress(token: string | undefined, options: { secret?: SecretInput } = {}): Promise<string | null> {
  if (!token) return null;
  const memo = options.secret === undefined ? verifiedClients : undefined;
  if (memo) {
    if (memo.secret !== process.env.IDENTITY_SECRET) {
      memo.secret = process.env.IDENTITY_SECRET;
      memo.entries.clear();
    }
    const hit = memo.entries.get(token);
    if (hit && hit.untilMs > Date.now()) return hit.address;
  }
  try {
    const payload = await verify(token, options.secret, CLIENT_AUDIENCE);
    const address = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
    if (memo && address !== null && typeof payload.exp === 'number') {
      if (memo.entries.size >= MAX_VERIFIED_CLIENTS) memo.entries.clear();
      memo.entries.set(token, { address, untilMs: payload.exp * 1000 });
    }
    return address;
  } catch {
    return null;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** 401 JSON unless a valid identity assertion came with the request; sets req.identity. */
export function requireIdentity(options: { secret?: SecretInput } = {}): RequestHandler {
  return async (req, _res, next) => {
    const identity = await verifyIdentity(header(req.headers[IDENTITY_HEADER]), options);
    if (!identity) return next(HttpError.unauthorized('You need to be authenticated to do this.'));
    req.identity = identity;
    next();
  };
}

/** Sets req.identity to the caller's identity, or null when there is none (or it is invalid). */
export function optionalIdentity(options: { secret?: SecretInput } = {}): RequestHandler {
  return async (req, _res, next) => {
    req.identity = await verifyIdentity(header(req.headers[IDENTITY_HEADER]), options);
    next();
  };
}

/**
 * Guards /internal/* routes: 401 JSON unless another service signed the call; when `allowed` is
 * given, 403 for any other service. Sets req.callerService.
 */
export function requireService(allowed?: string[], options: { secret?: SecretInput } = {}): RequestHandler {
  return async (req, _res, next) => {
    const caller = await verifyServiceAssertion(header(req.headers[SERVICE_HEADER]), options);
    if (!caller) return next(HttpError.unauthorized('This route is for internal calls only.', 'internal_only'));
    if (allowed && !allowed.includes(caller)) return next(HttpError.forbidden(`Service ${caller} may not call this route.`));
    req.callerService = caller;
    next();
  };
}
