import { HttpError } from '@wishlist/service-kit';
import { setProductListsRequestSchema, type ProductData, type SetProductListsRequest } from '@wishlist/contracts';
import { placeProduct } from '../data/placements';
import { MAX_PRODUCTS_PER_LIST } from './limits';
import { listsChanged } from './listVersions';
import { listArchived } from './productLists';
import { isObjectId, toProductData } from './present';
import { productNotFound } from './products';

/**
 * PUT /api/products-in-lists/{id}/lists `{ productListIds }`: the product is on exactly these
 * lists of its owner (1 to 100, each once). Lists not named lose it, new ones get it last; its
 * offered state is one for all of them. Every list it was or is on reads again.
 */
export async function setProductLists(userId: string, productId: string, body: unknown): Promise<ProductData> {
  if (!isObjectId(productId)) throw productNotFound();
  const parsed = setProductListsRequestSchema.safeParse(body);
  // One message for the field, whichever id broke a rule.
  if (!parsed.success) throw HttpError.unprocessable({ productListIds: parsed.error.issues[0]?.message ?? 'required' }, 'productListIds: 1 to 100 of your list ids, each once.');
  // Typed by the contract the calling remote uses (through @wishlist/api-client): a change there breaks both.
  const request: SetProductListsRequest = parsed.data;
  const wanted = request.productListIds.map((id) => id.toLowerCase());
  const outcome = await placeProduct(userId, productId, wanted, MAX_PRODUCTS_PER_LIST);
  if (outcome === 'not_found') throw productNotFound();
  if (outcome === 'forbidden') throw HttpError.forbidden('Only the owner of this list can change its products.', 'not_owner');
  if (outcome === 'unknown_list') throw HttpError.unprocessable({ productListIds: 'unknown-list' }, 'Each list must be one of your lists.');
  if (outcome === 'archived') throw listArchived();
  if (outcome === 'list_full') throw HttpError.unprocessable({ productListIds: 'list-full' }, `A list holds at most ${MAX_PRODUCTS_PER_LIST} products.`);
  await listsChanged(...outcome.changedListIds);
  return toProductData(outcome.product);
}
