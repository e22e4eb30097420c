import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe (43 characters): bearers and validation codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a secret. Enough for 256-bit random secrets (no dictionary to try), and lets a
 * bearer be found by an index lookup on its hash.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Shape of what newSecret() makes: anything else can be refused without a database lookup. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;
