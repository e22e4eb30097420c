// Entities of SPEC §3, as the browser holds them and the services send them.

/**
 * The "no image" picture: new products start with it and it is always the last image choice.
 * An inline SVG data URI (a framed landscape icon on a light background, no text so it needs no
 * translation): it needs no file served by any front-end or the gateway, works the same in every
 * remote, the browser extension and the Android wrapper, and the CSP admits `data:` images. The
 * services store it as is (about 500 bytes), so a product saved without a picture keeps showing it.
 */
export const NO_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">' +
      '<rect width="400" height="400" fill="#f1f3f5"/>' +
      '<rect x="110" y="130" width="180" height="140" rx="14" fill="none" stroke="#adb5bd" stroke-width="12"/>' +
      '<circle cx="165" cy="180" r="18" fill="#adb5bd"/>' +
      '<path d="M122 258l54-58 38 40 30-28 34 46z" fill="#adb5bd"/>' +
      '</svg>',
  );

/** Whether an image value is the "no image" placeholder. */
export function isNoImage(image: string | null | undefined): boolean {
  return !image || image === NO_IMAGE;
}

/** @deprecated Same as `NO_IMAGE` (kept for existing imports). */
export const NO_IMAGE_PLACEHOLDER = NO_IMAGE;

export interface Product {
  id?: string;
  name: string;
  image: string;
  /**
   * Our own URL of `image` (additive to SPEC §7): the picture resized and re-encoded by
   * the lists service (`pictureSources` gives `src`/`srcset`). Absent for the placeholder.
   */
  picture?: string;
  /** Integer cents, or null when unknown (shown as `-.-- €`). */
  price: number | null;
  url: string;
  websiteName?: string;
  productListId: string;
  /** Every list the product is on, home first (owner's views only). */
  productListIds?: string[];
  /** Private: only the owner sees it (owner's views only). */
  hidden?: boolean;
  hasBeenOffered?: boolean;
  /** The owner got it (their own mark, apart from offered); only in the owner's views. */
  received?: boolean;
  /** How many the owner wishes (1 to 99; absent means 1). */
  quantity?: number;
  /** Marked by the owner as what they want most. */
  mostWanted?: boolean;
  /** Visitors chip in (pledges) instead of offering it whole. */
  groupGift?: boolean;
  /** The owner's plain-text note (size, colour, "any edition"); '' for none. */
  note?: string;
  /** How many units givers have offered (equals `quantity` once `hasBeenOffered`). */
  offeredQuantity?: number;
  /** Price watch: readings that changed the price (cents, ISO date), oldest first. */
  priceHistory?: { price: number; at: string }[];
  /** When the shop's page last gave a price (ISO), or null. */
  priceCheckedAt?: string | null;
  /** The last reading failed: the price shown is the last one known. */
  priceStale?: boolean;
  /** Client-only flags. */
  isWishlisted: boolean;
  hasFocus: boolean;
  isMovable: boolean;
}

export interface ProductList {
  id: string;
  name: string;
  isOwner: boolean;
  /**
   * How many products the list holds, when `products` may be only its first ones (the lists of
   * `GET /api/product-lists` carry a preview; `GET /api/product-lists/{id}` carries them all).
   */
  productCount?: number;
  /** The occasion's day, `YYYY-MM-DD`, or null. */
  eventDate?: string | null;
  /** An archived list is read-only, refuses offers and is left out of the owner's slider. */
  archived?: boolean;
  /** The owner's switch for price-drop mails to the list's followers (default true). */
  priceAlerts?: boolean;
  /** Surprise list: the owner sees no offer before the reveal (`giftsHidden`). */
  surprise?: boolean;
  /** The owner's reveal day (`YYYY-MM-DD`) or instant (ISO), or null: after `eventDate`. */
  revealAt?: string | null;
  /** The owner chose "Show me anyway". */
  revealed?: boolean;
  /** Keepers only: who receives the gifts (`me` by default). */
  recipient?: 'me' | 'someone-else' | 'us';
  /** The caller keeps this list as a manager (it can edit it, not delete it nor manage its keepers). */
  isManager?: true;
  products: Product[];
}

export interface ScrapedPage {
  /** Page title, trimmed. */
  name: string;
  url: string;
  /** Always null: scraping never guesses a price. */
  price: null;
  /** Candidate image URLs, the placeholder always last. */
  images: string[];
}

export interface Favorite {
  id: string;
  name: string;
  /**
   * What tells favorites apart when several are called "My wish list": how many
   * products the list holds, its first product's picture (null when empty) and when the caller
   * added it. Additions to SPEC §7's `{id, name}`, never the owner's e-mail address.
   */
  productCount?: number;
  image?: string | null;
  /** Our own URL of `image` (see `Product.picture`). */
  picture?: string;
  favoritedAt?: string;
  /** The caller asked for price-drop mails of this list (off by default). */
  priceAlerts?: boolean;
}

/** The locally held device token (storage key `token`). */
export interface Token {
  /** `t` + Date.now() at creation. */
  name: string;
  /** Empty until issued. */
  bearer: string;
}

export interface TokenStatus {
  isValidated: boolean;
}

export type ValidationFailureReason = 'incorrect-data' | 'too-many-tries' | 'unknown';

export interface ValidationResult {
  isValidated: boolean;
  reason?: ValidationFailureReason;
}

/** One line of an offer: a product and how many of its units (1 when only the id is sent). */
export interface OfferedLine {
  id: string;
  quantity: number;
}

export interface OfferingSent {
  isExpectingAddress: boolean;
  /** Product ids, or lines with a quantity. */
  products: (string | OfferedLine)[];
  offererEmail: string;
  offererIdentity: string;
  offererMessage: string;
}

export interface OfferingRead {
  id: string;
  offererIdentity: string;
  offererMessage: string;
  address: string;
  products: Product[];
  isExpectingAddress: boolean;
  /**
   * Surprise list before its reveal: `products` is empty and the owner is told only who offers and
   * their message. Absent or false otherwise.
   */
  productsHidden?: boolean;
  /** With `productsHidden`: when the gifts show (ISO instant), or null (only "Show me anyway"). */
  revealsAt?: string | null;
}

/** Fields of a product kept in the basket (storage key `basket`). */
export interface BasketProduct {
  id: string;
  name: string;
  url: string;
  price: number | null;
  image: string;
  websiteName?: string;
  hasBeenOffered?: boolean;
  isWishlisted: boolean;
  hasFocus: boolean;
  isMovable: boolean;
}

export const BASKET_PRODUCT_FIELDS = [
  'id',
  'name',
  'url',
  'price',
  'image',
  'websiteName',
  'hasBeenOffered',
  'isWishlisted',
  'hasFocus',
  'isMovable',
] as const satisfies readonly (keyof BasketProduct)[];

export function newProductList(): ProductList {
  return { id: '', name: '', isOwner: false, products: [] };
}

export function newProduct(productListId = ''): Product {
  return {
    id: undefined,
    image: NO_IMAGE_PLACEHOLDER,
    name: '',
    price: null,
    url: '',
    isWishlisted: true,
    hasFocus: false,
    isMovable: false,
    productListId,
  };
}

/** Keeps only the stored basket fields of a product (SPEC §3). */
export function toBasketProduct(product: Product & { id: string }): BasketProduct {
  const out: Record<string, unknown> = {};
  for (const key of BASKET_PRODUCT_FIELDS) {
    if (product[key] !== undefined) out[key] = product[key];
  }
  return out as unknown as BasketProduct;
}
