// One product on several of its owner's lists, and private products (lists service).

/** The most lists one product can be on at once (an owner keeps at most 100 lists). */
export const PRODUCT_LISTS_MAX = 100;

/** `PUT /api/products-in-lists/{id}/lists`: the product is on exactly these lists (the caller's). */
export interface SetProductListsRequest {
  productListIds: string[];
}

