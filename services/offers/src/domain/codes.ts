import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A verification code: 128 random bits, base64url (22 characters). Only its hash is stored. */
export function newCode(): string {
  return randomBytes(16).toString('base64url');
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** What a code looks like (anything else cannot match and is not hashed). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Whether `code` is one of the stored hashes, comparing in constant time (every hash is compared). */
export function codeMatches(code: string, hashes: readonly string[]): boolean {
  if (!CODE_PATTERN.test(code)) return false;
  const given = Buffer.from(hashCode(code), 'hex');
  let found = false;
  for (const hash of hashes) {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = true;
  }
  return found;
}
