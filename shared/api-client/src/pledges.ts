// Group gifts: visitors pledge parts of a product's price (no sign-in), then confirm, read or
// withdraw their pledge from the mailed link (its token travels in a header, never the query).
import type { PledgerState as PledgeState, PledgerView as PledgeView } from '@wishlist/contracts';
import { request } from './http';

/** The header the pledge token travels in. */
export const PLEDGE_TOKEN_HEADER = 'X-Pledge-Token';

/** POST /api/pledges */
export interface PledgeRequest {
  productId: string;
  name: string;
  email: string;
  /** Integer cents. */
  amount: number;
  message?: string;
  language?: 'en' | 'fr';
}

/** The answer of POST /api/pledges: `cut` when less than asked remained (`amount` < `requested`). */
export interface PledgeMade {
  id: string;
  productId: string;
  amount: number;
  requested: number;
  cut: boolean;
  price: number;
  pledged: number;
  remaining: number;
  expiresAt: string;
}

export type { PledgerState as PledgeState, PledgerView as PledgeView } from '@wishlist/contracts';

/** GET /api/group-gifts: what everyone sees (the owner gets no amounts). */
export interface GroupGiftTotal {
  productId: string;
  price?: number;
  pledged?: number;
  remaining?: number;
  minimum?: number;
  complete: boolean;
}

const withToken = (token: string) => ({ headers: { [PLEDGE_TOKEN_HEADER]: token } });
const base = (pledgeId: string) => `/api/pledges/${encodeURIComponent(pledgeId)}`;

/** POST /api/pledges. 422 field errors, 409 `fully_pledged` / `not_group_gift`, 404, 429. */
export async function createPledge(body: PledgeRequest): Promise<PledgeMade> {
  return (await request<{ data: PledgeMade }>('POST', '/api/pledges', body)).data.data;
}

export async function getPledge(pledgeId: string, token: string): Promise<PledgeView> {
  return (await request<{ data: PledgeView }>('GET', `${base(pledgeId)}/confirmation`, undefined, withToken(token))).data.data;
}

/** POST …/confirmation (idempotent). 410 `pledge_expired`, 409 `pledge_withdrawn`, 404 wrong link. */
export async function confirmPledge(pledgeId: string, token: string): Promise<{ id: string; state: PledgeState; amount: number }> {
  return (await request<{ data: { id: string; state: PledgeState; amount: number } }>('POST', `${base(pledgeId)}/confirmation`, {}, withToken(token))).data.data;
}

/** POST …/withdrawal (idempotent). 409 `pledge_complete` too late, 410 expired, 404. */
export async function withdrawPledge(pledgeId: string, token: string): Promise<void> {
  await request('POST', `${base(pledgeId)}/withdrawal`, {}, withToken(token));
}

export async function getGroupGiftTotals(productIds: string[]): Promise<GroupGiftTotal[]> {
  if (productIds.length === 0) return [];
  const query = productIds.map(encodeURIComponent).join(',');
  return (await request<{ data: GroupGiftTotal[] }>('GET', `/api/group-gifts?products=${query}`)).data.data;
}
