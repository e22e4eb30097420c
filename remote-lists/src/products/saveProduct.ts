// SPEC §4 "Product save": create when there is no non-empty id, else update (moving the product when
// its list changed). The update answer is not relied on: the saved product is rebuilt from what
// was sent.
import { createProduct, updateProduct } from '@wishlist/api-client';
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
  };
  if (!id || id.trim() === '') {
    const product = await createProduct({ name, image, price, url, productListId, ...extras });
    return { product, created: true };
  }
  await updateProduct(id, { name, image, price, productListId, ...extras });
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
  };
  const movedFrom = original?.productListId && original.productListId !== productListId ? original.productListId : undefined;
  return { product, created: false, movedFrom };
}
