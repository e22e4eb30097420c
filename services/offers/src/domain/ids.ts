import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url (22 characters): offering ids are in mail links, never guessable. */
export function newOfferingId(): string {
  return randomBytes(16).toString('base64url');
}

/** What an offering id or a product id looks like (anything else is malformed). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
