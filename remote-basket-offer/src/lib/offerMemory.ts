// What /offer-created/{id} shows: the products just offered and the address choice, kept in
// sessionStorage under one key per created offering (the basket itself is cleared on success).
import { toBasketItem, type BasketItem } from '@wishlist/stores';

const PREFIX = 'offer-created:';

export interface CreatedOfferMemory {
  products: BasketItem[];
  isExpectingAddress: boolean;
  /** The giver still has to confirm their address from the verification mail. */
  confirmationRequired: boolean;
}

export function rememberCreatedOffer(ids: readonly string[], memory: CreatedOfferMemory): void {
  try {
    for (const id of ids) globalThis.sessionStorage?.setItem(PREFIX + id, JSON.stringify(memory));
  } catch {
    /* storage unavailable: the confirmation page shows its generic text */
  }
}

/** The remembered offer, validated (the storage is outside input); null when unknown. */
export function readCreatedOffer(id: string): CreatedOfferMemory | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(PREFIX + id);
    if (!raw) return null;
    const value = JSON.parse(raw) as { products?: unknown; isExpectingAddress?: unknown; confirmationRequired?: unknown };
    if (typeof value?.isExpectingAddress !== 'boolean' || !Array.isArray(value.products)) return null;
    const products = value.products.map(toBasketItem).filter((p): p is BasketItem => p !== null);
    return { products, isExpectingAddress: value.isExpectingAddress, confirmationRequired: value.confirmationRequired === true };
  } catch {
    return null;
  }
}
