// A giver's own page of their gifts ("My gifts"): one shape for the offers service that answers
// it and the client that reads it. Opened from the link mailed to the giver (no account: the
// token of the link, sent in a header, opens that giver's gifts only), or signed in.

/** The header the "My gifts" link's token travels in (never the query string: it would reach logs). */
export const GIFTS_TOKEN_HEADER = 'X-Gifts-Token';

/**
 * Where a gift stands for its giver. The first ones follow the owner: `offered` (waiting for the
 * owner's answer), `address-received`, `refused`; `withdrawn` is the giver's own withdrawal. The
 * giver moves an offered or answered gift on to `bought`, then `given`.
 */
export const GIFT_STAGES = ['offered', 'address-received', 'refused', 'withdrawn', 'bought', 'given'] as const;
export type GiftStage = (typeof GIFT_STAGES)[number];

/** The stages a giver sets themselves (`null` takes the mark back). */
export const GIVER_STAGES = ['bought', 'given'] as const;
export type GiverStage = (typeof GIVER_STAGES)[number];

/** The longest private note a giver keeps on a gift. */
export const GIFT_NOTE_MAX = 1000;
/** The largest cost a giver records, in cents (100,000 €). */
export const GIFT_COST_MAX = 10_000_000;

/** A product of a gift, as it was when offered. */
export interface GiftProduct {
  id: string;
  name: string;
  image: string;
  /** Cents, or null. */
  price: number | null;
  url: string;
  websiteName: string;
  productListId: string;
  listName: string;
  quantity: number;
}

/** One gift: the products one offer gives one list owner, and what only its giver sees of it. */
export interface GiftView {
  id: string;
  stage: GiftStage;
  /** The offer may still be withdrawn (the owner has not answered). */
  withdrawable: boolean;
  products: GiftProduct[];
  /** The lists the products are on (names as the giver saw them). */
  listNames: string[];
  /** The nearest date of the occasion of those lists (`YYYY-MM-DD`), when the owner set one. */
  eventDate: string | null;
  offererIdentity: string;
  offererMessage: string;
  isExpectingAddress: boolean;
  /** The address the owner gave (`''` until then). */
  address: string;
  /** The giver's private note and cost (cents): never shown to the list's owner. */
  note: string;
  cost: number | null;
  /** When the giver was reminded of the occasion by mail, if they were. */
  remindedAt: string | null;
  createdAt: string;
  answeredAt: string | null;
}

/**
 * A group gift the giver chipped in for (their confirmed pledges, found by the address like the
 * gifts): `confirmed` (waiting for the rest of the price), `complete` (fully pledged: offered to the
 * owner), `withdrawn`. Read only here: the pledge's own mailed page confirms and withdraws.
 */
export interface GiftPledgeView {
  id: string;
  state: 'confirmed' | 'complete' | 'withdrawn';
  /** The giver's part, and the gift's price, in cents. */
  amount: number;
  price: number;
  product: { name: string; image: string; url: string; websiteName: string; listName: string };
  createdAt: string;
}

/** `GET /api/gifts` (signed in) and `GET /api/gifts/by-link` (the link's token). */
export interface GiftsAnswer {
  gifts: GiftView[];
  pledges: GiftPledgeView[];
}

/** `PATCH /api/gifts/{id}`: any of the giver's own fields. */
export interface GiftChange {
  stage?: GiverStage | null;
  note?: string;
  cost?: number | null;
}
