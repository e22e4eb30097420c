import type { Product, ProductList } from '@wishlist/contracts';
import { OpenPageAction, SeeBasketAction } from './CommonActions';

export interface NonOwnerActionsProps {
  /** The viewed list (never the caller's own). */
  list: ProductList;
  /** The focused product, if any. */
  product?: Product;
}

/**
 * The non-owner tabs of the listing page (SPEC §2). Slot for the basket (issue 6): add to basket
 * (disabled when the product hasBeenOffered or none is focused), remove from basket when already
 * in it, and Offer go here, before the two actions every visitor has today.
 */
export function NonOwnerActions({ product }: NonOwnerActionsProps) {
  return (
    <>
      <OpenPageAction product={product} />
      <SeeBasketAction />
    </>
  );
}
