// Request and response payloads of SPEC §7. The envelope `{ data: ... }` is what the services send.
import type { Favorite, OfferingRead, OfferingSent, Product, ProductList } from './entities';
import type { SurpriseFacts } from './surprise';

export interface DataEnvelope<T> {
  data: T;
}

export interface CreateTokenRequest {
  email: string;
  tokenName: string;
  /** Language of the validation e-mail (the current interface language). */
  language?: 'en' | 'fr';
  /** The asker's IANA time zone, so the e-mail states the time of the request as they read it. */
  timeZone?: string;
}
export interface CreateTokenResponse {
  token: string;
  /** Shown on the asking screen; the page opened from the e-mail shows the same code. */
  matchCode?: string;
}

/** Where a sign-in request stands (POST /api/tokens/request). */
export type SignInRequestState = 'pending' | 'validated' | 'refused';

/** `POST /api/tokens/request` `data`: what the page opened from the e-mail approves. */
export interface SignInRequestView {
  /** Browser and system of the device that asked (null: unknown). */
  device: { browser: string | null; os: string | null };
  /** ISO date of the request. */
  requestedAt: string;
  timeZone: string | null;
  matchCode: string | null;
  state: SignInRequestState;
}
export interface ValidateTokenRequest {
  tokenName: string;
  validationCode: string;
}
export interface RevokeTokenRequest {
  token: string;
}

export interface CreateProductListRequest {
  name: string;
  eventDate?: string | null;
  /** Keep the surprise (see `giftsHidden`); absent: false. */
  surprise?: boolean;
  revealAt?: string | null;
  /** Who receives the gifts (absent: `me`). */
  recipient?: 'me' | 'someone-else' | 'us';
}
export type UpdateProductListRequest = Partial<Pick<ProductList, 'name' | 'eventDate' | 'archived' | 'surprise' | 'revealAt' | 'revealed' | 'recipient'>>;

export interface ProductsOrderingRequest {
  /** Product ids in their new order. */
  products: string[];
}

export type UpdateProductInListRequest =
  | { hasBeenOffered: boolean }
  | ({ name: string; image: string; price: number | null } & ProductExtras);

/** What every product write may add (each optional; absent: quantity 1, not most wanted, no note). */
export interface ProductExtras {
  quantity?: number;
  mostWanted?: boolean;
  note?: string | null;
  /** Visitors pledge amounts instead of offering the whole product (needs a price, one unit). */
  groupGift?: boolean;
  /** Private: only the owner sees it (absent: false on creation, unchanged on a change). */
  hidden?: boolean;
}
export interface CreateProductRequest extends ProductExtras {
  name: string;
  image: string;
  price: number | null;
  url: string;
  productListId: string;
}
export interface UpdateProductRequest extends ProductExtras {
  name: string;
  image: string;
  price: number | null;
  productListId: string;
}

export interface FetchPageRequest {
  url: string;
}

export type CreateOfferingRequest = OfferingSent;
export interface CreateOfferingResponse {
  id: string;
}
export interface AcceptOfferingRequest {
  address: string;
}

/** Body of a 422 from product or list saves: per-field messages (SPEC §5). */
export interface ValidationErrorBody {
  errors?: Partial<Record<'name' | 'price' | 'image' | 'quantity' | 'note', string | string[]>>;
  message?: string;
}

export type ProductListsResponse = DataEnvelope<ProductList[]>;
export type ProductListResponse = DataEnvelope<ProductList>;
export type ProductResponse = DataEnvelope<Product>;
export type ProductsResponse = DataEnvelope<Product[]>;
export type FavoritesResponse = DataEnvelope<Favorite[]>;
export type OfferingResponse = DataEnvelope<OfferingRead>;

/** A product as the lists service sends it (SPEC §3 without the client-only flags). */
export interface ProductData {
  id: string;
  name: string;
  image: string;
  /** Our own URL of `image`, resized on demand; absent for the placeholder. */
  picture?: string;
  /** Integer cents, or null. */
  price: number | null;
  url: string;
  /** Host of url without a leading `www.` (derived by the service). */
  websiteName: string;
  productListId: string;
  /** Every list the product is on, home first; sent to the owner only (a list's id is its link). */
  productListIds?: string[];
  /** Private: only the owner sees it; sent to the owner only (visitors never get the product). */
  hidden?: boolean;
  hasBeenOffered: boolean;
  /** Marked received by the owner; sent to the owner only. */
  received?: boolean;
  /** How many the owner wishes, 1 to 99. */
  quantity: number;
  mostWanted: boolean;
  /** Visitors pledge amounts (`/api/pledges`) instead of offering it whole. */
  groupGift?: boolean;
  /** Plain text, at most 500 characters; '' for none. */
  note: string;
  /** Units offered so far (0 to `quantity`; `quantity` once `hasBeenOffered`). */
  offeredQuantity: number;
  /** Price watch: the shop's readings that changed the price, oldest first, at most 90. */
  priceHistory?: PricePointData[];
  /** When the shop's page last gave a price (ISO), or null. */
  priceCheckedAt?: string | null;
  /** The last reading failed: `price` is the last one known. */
  priceStale?: boolean;
}

/** One point of a product's price history: integer cents and when it was read (ISO). */
export interface PricePointData {
  price: number;
  at: string;
}

/** A list as the lists service sends it: products in the list's order. */
export interface ProductListData {
  id: string;
  name: string;
  /** True only for the list's owner. */
  isOwner: boolean;
  /**
   * In `GET /api/product-lists` only: how many products the list holds; `products` then holds
   * the first ones (at most 6, in the list's order), and `GET /api/product-lists/{id}` all.
   */
  productCount?: number;
  /** The occasion's day, `YYYY-MM-DD`, or null. */
  eventDate?: string | null;
  /** Read-only, refuses offers, out of the owner's default list and slider. */
  archived?: boolean;
  /** The owner's switch for price-drop mails to followers (default true). */
  priceAlerts?: boolean;
  /** Surprise list: its owner sees no offer before `revealAt` or the end of `eventDate` (see `giftsHidden`). */
  surprise?: boolean;
  /** The owner's reveal day or instant, or null (after `eventDate`); owner's answers only. */
  revealAt?: string | null;
  /** The owner chose "Show me anyway"; owner's answers only. */
  revealed?: boolean;
  /** In answers to the list's keepers only: who receives its gifts (docs/api.md, "Lists kept together"). */
  recipient?: 'me' | 'someone-else' | 'us';
  /** Present (true) when the caller keeps the list as a manager, not as its owner; `isOwner` is then true too. */
  isManager?: true;
  products: ProductData[];
}

/** 422 bodies of the lists service, keyed by field (values are short codes or a sentence). */
export type ListsFieldErrors = Partial<
  Record<
    'name' | 'price' | 'image' | 'url' | 'productListId' | 'productListIds' | 'hidden' | 'products' | 'productList' | 'eventDate' | 'archived' | 'received' | 'quantity' | 'mostWanted' | 'note' | 'groupGift' | 'surprise' | 'revealAt' | 'revealed',
    string
  >
>;

// Internal API of the lists service, for the offers service only (never through the gateway).

/** POST /internal/products/lookup */
export interface ProductsLookupRequest {
  ids: string[];
}
/** One entry of the lookup answer (unknown ids are simply missing). */
export interface ProductWithOwner extends ProductData {
  ownerId: string;
  listName: string;
  /** The offering holding the product, or null. */
  offeredBy: string | null;
  /** The surprise facts of the product's list (absent: a list that keeps no surprise). */
  listSurprise?: SurpriseFacts;
}
/** POST /internal/products/claim and /internal/products/release */
export interface ProductsClaimRequest {
  ids: string[];
  offeringId: string;
  /** Claim only: units wanted per product id (1 for an id not named). Release frees what was claimed. */
  quantities?: Record<string, number>;
}
/** 409 answer of a claim: the ids already offered or missing (nothing changed). */
export interface ProductsClaimConflict {
  error: { code: 'products_unavailable'; message: string };
  conflicts: string[];
}

/** One entry of `GET /api/accounts/devices`: a device the person is signed in on. */
export interface SignedInDevice {
  /** Opaque reference for `DELETE /api/accounts/devices/{id}` (never the bearer). */
  id: string;
  /** Browser and system of the device that signed in (null: unknown). */
  device: { browser: string | null; os: string | null };
  /** ISO date the sign-in was approved. */
  signedInAt: string;
  /** ISO date the device was last seen using the API (to the hour), else `signedInAt`. */
  lastSeenAt: string;
  /** The device this request came from. */
  current: boolean;
}
