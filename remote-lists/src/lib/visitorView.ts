import type { ProductList } from '@wishlist/contracts';

/** The owner's list as its visitors see it (the owner's preview): private products left out, as the service does. */
export function asVisitorsSee(list: ProductList): ProductList {
  return { ...list, isOwner: false, products: list.products.filter((p) => p.hidden !== true) };
}
