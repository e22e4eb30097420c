// The giver's "My gifts" page: signed in (`GET /api/gifts`), or from the link mailed to the giver
// (the token of the link, sent in a header, opens the gifts made with that address only).
import { GIFTS_TOKEN_HEADER, type GiftChange, type GiftView, type GiftsAnswer } from '@wishlist/contracts';
import { request } from './http';

export type { GiftChange, GiftPledgeView, GiftsAnswer, GiftView } from '@wishlist/contracts';

/** Who is asking: the link's token, or (null) the signed-in account. */
export type GiftsAccess = { token: string } | null;

const withAccess = (access: GiftsAccess) => (access ? { headers: { [GIFTS_TOKEN_HEADER]: access.token } } : {});

/** `GET /api/gifts/by-link` (token) or `GET /api/gifts` (signed in): gifts and group-gift pledges. 404 wrong link, 401 signed out, 429. */
export async function getGifts(access: GiftsAccess): Promise<GiftsAnswer> {
  const res = await request<{ data: GiftsAnswer }>('GET', access ? '/api/gifts/by-link' : '/api/gifts', undefined, withAccess(access));
  return { gifts: res.data.data.gifts ?? [], pledges: res.data.data.pledges ?? [] };
}

/** `PATCH /api/gifts/{id}`: the giver's stage, note and cost. 422 `{ errors }`, 409 `gift_closed`, 404. */
export async function changeGift(access: GiftsAccess, id: string, change: GiftChange): Promise<GiftView> {
  return (await request<{ data: GiftView }>('PATCH', `/api/gifts/${encodeURIComponent(id)}`, change, withAccess(access))).data.data;
}

/** `POST /api/gifts/{id}/withdrawal`: as the receipt's link does. 409 `offering_answered` / `offering_refused`, 410, 404. */
export async function withdrawGift(access: GiftsAccess, id: string): Promise<{ id: string; state: 'withdrawn' }> {
  await request('POST', `/api/gifts/${encodeURIComponent(id)}/withdrawal`, {}, withAccess(access));
  return { id, state: 'withdrawn' };
}
