import type { Lang } from '@wishlist/service-kit';
import { addGiftLink } from '../data/gifts';
import { emailKey } from '../data/offerings';
import { base } from './offeringMailer';
import { hashCode, newCode } from './codes';

/**
 * A new "My gifts" link for a mail to the giver at `email`: `{PUBLIC_URL}/{lang}/my-gifts#token=…`
 * (128 random bits in the fragment, kept out of server logs; only the SHA-256 stored). It opens
 * every gift made with that address, and nothing else; each mail carries a new one.
 */
export async function newGiftsLink(publicUrl: string, email: string, lang: Lang, at: Date): Promise<string> {
  const token = newCode();
  await addGiftLink(hashCode(token), emailKey(email), at);
  return `${base(publicUrl)}/${lang}/my-gifts#token=${encodeURIComponent(token)}`;
}
