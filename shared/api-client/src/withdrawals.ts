// The giver's withdrawal of an offer, from the link of the receipt mail (no sign-in: the token of
// the link, sent in a header, opens that one offering only).
import type { Product } from '@wishlist/contracts';
import { request } from './http';

/** The header the withdrawal token travels in (never the query string). */
export const WITHDRAWAL_TOKEN_HEADER = 'X-Withdrawal-Token';

/** `pending` may be withdrawn; the others say why not (the owner answered, it expired) or that it is done. */
export type WithdrawalState = 'pending' | 'address-given' | 'refused' | 'withdrawn' | 'expired';

/** GET /api/offerings/{id}/withdrawal: the offering as its giver reads it. */
export interface OfferingWithdrawal {
  id: string;
  state: WithdrawalState;
  withdrawable: boolean;
  products: Product[];
  offererIdentity: string;
  offererMessage: string;
  isExpectingAddress: boolean;
  createdAt: string;
  answeredAt: string | null;
  withdrawnAt: string | null;
}

const path = (offeringId: string) => `/api/offerings/${encodeURIComponent(offeringId)}/withdrawal`;
const withToken = (token: string) => ({ headers: { [WITHDRAWAL_TOKEN_HEADER]: token } });

/** GET /api/offerings/{id}/withdrawal. 404 wrong link (or unknown offering), 400 no token, 429. */
export async function getOfferingWithdrawal(offeringId: string, token: string): Promise<OfferingWithdrawal> {
  return (await request<{ data: OfferingWithdrawal }>('GET', path(offeringId), undefined, withToken(token))).data.data;
}

/**
 * POST /api/offerings/{id}/withdrawal: withdraws the offer (idempotent). 409 `offering_answered` /
 * `offering_refused` too late, 410 `offering_expired`, 404 wrong link, 429.
 */
export async function withdrawOffering(offeringId: string, token: string): Promise<{ id: string; state: 'withdrawn' }> {
  const res = await request<{ data?: { id?: string } }>('POST', path(offeringId), {}, withToken(token));
  return { id: typeof res.data?.data?.id === 'string' ? res.data.data.id : offeringId, state: 'withdrawn' };
}
