// SPEC §4 "Product save": create when there is no non-empty id, else update (moving the product when
// its list changed). The update answer is not relied on: the saved product is rebuilt from what
// was sent.
import { createProduct, setProductLists, updateProduct } from '@wishlist/api-client';
import { websiteName, type Product } from '@wishlist/contracts';

export interface ProductFields {
  id?: string;
  name: string;
  image: string;
  price: number | null;
  url: string;
  productListId: string;
  /** Absent: left as they are (update) or the defaults (create). */
  quantity?: number;
  mostWanted?: boolean;
  note?: string;
  groupGift?: boolean;
  hidden?: boolean;
  /**
   * Every list the product is to be on, `productListId` first. Sent (after the save) only when it
   * differs from the lists the product is on: a product on one list saves as before.
   */
  productListIds?: string[];
}

/** Whether two placements differ (home list or set of lists). */
function samePlacement(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a[0] === b[0] && a.every((id) => b.includes(id));
}

export interface SaveResult {
  product: Product;
  created: boolean;
  /** The list the product left, when an update moved it. */
  movedFrom?: string;
}

export async function saveProduct(fields: ProductFields, original?: Partial<Product>): Promise<SaveResult> {
  const { id, name, image, price, url, productListId } = fields;
  const extras = {
    ...(fields.quantity !== undefined ? { quantity: fields.quantity } : {}),
    ...(fields.mostWanted !== undefined ? { mostWanted: fields.mostWanted } : {}),
    ...(fields.note !== undefined ? { note: fields.note } : {}),
    ...(fields.groupGift !== undefined ? { groupGift: fields.groupGift } : {}),
    ...(fields.hidden !== undefined ? { hidden: fields.hidden } : {}),
  };
  const before = original?.productListIds ?? (original?.productListId ? [original.productListId] : [productListId]);
  // Where the save itself leaves it: the service moves it from its home list only to a list it is not on.
  const saved = !id ? [productListId] : before.includes(productListId) ? before : [productListId, ...before.slice(1)];
  const wanted = fields.productListIds ?? saved;
  const placing = !samePlacement(wanted, saved);
  if (!id || id.trim() === '') {
    const product = await createProduct({ name, image, price, url, productListId, ...extras });
    if (!placing || !product.id) return { product, created: true };
    return { product: { ...product, ...(await setProductLists(product.id, wanted)) }, created: true };
  }
  await updateProduct(id, { name, image, price, productListId, ...extras });
  const placed = placing ? await setProductLists(id, wanted) : undefined;
  const product: Product = {
    isWishlisted: true,
    hasFocus: false,
    isMovable: false,
    hasBeenOffered: false,
    ...original,
    id,
    name,
    image,
    price,
    ...extras,
    url: original?.url ?? url,
    websiteName: original?.websiteName ?? websiteName(original?.url ?? url),
    productListId,
    productListIds: placed?.productListIds ?? saved,
  };
  const movedFrom = original?.productListId && original.productListId !== productListId ? original.productListId : undefined;
  return { product, created: false, movedFrom };
}
