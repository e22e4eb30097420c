import type { ProductData } from '@wishlist/contracts';
import { isKeeper, type KeptList } from './keepers';

// Who sees what of a list. Private products (`hidden`) and the other lists a product is on (a
// list's id is its shared link) are for the people who keep the list; everyone else gets a list
// without them, as if they did not exist.

/** The one rule of who sees a list's private products: the people who keep it (its owner and managers). */
export function seesPrivate(viewerId: string | undefined, list: KeptList): boolean {
  return isKeeper(list, viewerId);
}

/** What a visitor sees of a product: never `received` (the owner's own mark), `hidden` or the other lists. */
export function forVisitor(product: ProductData): ProductData {
  const { received: _ownerOnly, hidden: _private, productListIds: _links, ...rest } = product;
  return rest;
}

/** The products a visitor sees, as they see them: private ones left out. */
export function forVisitors(products: readonly ProductData[]): ProductData[] {
  return products.filter((p) => p.hidden !== true).map(forVisitor);
}
