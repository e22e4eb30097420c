// One product on several lists (docs/api.md, "One wish on several lists, and private products").
import type { Product, SetProductListsRequest } from '@wishlist/contracts';
import { request } from './http';

type Envelope<T> = { data: T };

/**
 * PUT /api/products-in-lists/{id}/lists: the product is on exactly these of the owner's lists
 * (home first when it stays among them). Answers the product with its `productListIds`.
 */
export async function setProductLists(productId: string, productListIds: string[]): Promise<Product> {
  const payload: SetProductListsRequest = { productListIds };
  return (await request<Envelope<Product>>('PUT', `/api/products-in-lists/${encodeURIComponent(productId)}/lists`, payload)).data.data;
}
