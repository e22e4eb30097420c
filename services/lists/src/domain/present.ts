import { giftsHidden, type KeeperRole, type ProductData, type ProductListData } from '@wishlist/contracts';
import type { ProductDoc, ProductListDoc } from '../data/models';
import { productPictureOf } from '../images/sign';
import { priceWatchFacts } from '../priceWatch/present';
import { hiddenFromOwner, surpriseFieldsOf, withoutOffers } from './surprise';
import { keeperRole, recipientOf } from './keepers';
import { listIdsOf } from '../data/placements';
import { forVisitors } from './visibility';

export { forVisitor } from './visibility';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** Ids are ObjectId hex strings; anything else names nothing. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/**
 * The public shape of a product: never `offeredBy`, `ownerId` or timestamps. `productListId` is
 * the list being read (`readingListId`), else the product's home list.
 */
export function toProductData(doc: ProductDoc, readingListId?: string): ProductData {
  return {
    id: String(doc._id),
    name: doc.name,
    image: doc.image,
    ...withPicture(String(doc._id), doc.image),
    price: doc.price ?? null,
    ...priceWatchFacts(doc),
    url: doc.url,
    websiteName: doc.websiteName ?? '',
    productListId: readingListId ?? String(doc.listId),
    productListIds: listIdsOf(doc),
    hasBeenOffered: doc.hasBeenOffered === true,
    received: doc.received === true,
    hidden: doc.hidden === true,
    ...quantityFacts(doc),
  };
}

/** Quantity, most wanted, note and units offered, with the defaults of a product stored without them. */
export function quantityFacts(doc: Pick<ProductDoc, 'quantity' | 'mostWanted' | 'note' | 'offeredQuantity' | 'hasBeenOffered'> & { groupGift?: boolean | null }) {
  const quantity = doc.quantity ?? 1;
  return {
    quantity,
    mostWanted: doc.mostWanted === true,
    // Present only on group gifts, so every other product keeps its shape.
    ...(doc.groupGift === true ? { groupGift: true as const } : {}),
    note: doc.note ?? '',
    offeredQuantity: doc.hasBeenOffered === true ? quantity : Math.min(quantity, doc.offeredQuantity ?? 0),
  };
}


/** A list's occasion, archived mark and surprise, as every list answer carries them. */
function occasionOf(list: ProductListDoc) {
  return { eventDate: list.eventDate ?? null, archived: list.archived === true, priceAlerts: list.priceAlerts !== false, ...surpriseFieldsOf(list) };
}

/** `{ picture }` when a product's image is a shop's picture (our resized copy of it), else nothing. */
export function withPicture(productId: string, image: string | null | undefined): { picture?: string } {
  const picture = productPictureOf(productId, image);
  return picture ? { picture } : {};
}

/**
 * Products of one list in the list's order: ids of the order array first (each once, gone ones
 * skipped), then any product the order does not know yet, oldest first.
 */
export function orderProducts(list: ProductListDoc, products: ProductDoc[]): ProductDoc[] {
  const byId = new Map(products.map((p) => [String(p._id), p]));
  const out: ProductDoc[] = [];
  for (const id of list.productIds ?? []) {
    const key = String(id);
    const p = byId.get(key);
    if (p) {
      out.push(p);
      byId.delete(key);
    }
  }
  if (byId.size > 0) {
    const rest = [...byId.values()].sort((a, b) => +a.createdAt - +b.createdAt || String(a._id).localeCompare(String(b._id)));
    out.push(...rest);
  }
  return out;
}

/** A list with everything stored of it (the keepers' fields, offers shown): what the read cache holds. */
export function fullListData(list: ProductListDoc, products: ProductDoc[]): ProductListData {
  const listId = String(list._id);
  return { id: listId, name: list.name, isOwner: true, recipient: recipientOf(list), ...occasionOf(list), products: orderProducts(list, products).map((p) => toProductData(p, listId)) };
}

/**
 * One viewer's view of a whole list. A keeper's (`isOwner` true for every keeper: they change it
 * as its owner does; `isManager` for those who are not its owner) is without offers before a
 * surprise's reveal (a list for someone else hides nothing from its keepers: they answer its
 * offers); a visitor's is without private products and the keepers' own marks, reveal settings and
 * recipient (visitors see what is taken).
 */
export function listViewFor(list: ProductListData, role: KeeperRole | null, now = new Date()): ProductListData {
  if (role) {
    const { isManager: _asStored, ...kept } = list;
    return { ...kept, isOwner: true, ...(role === 'manager' ? { isManager: true as const } : {}), products: giftsHidden(list, now) ? list.products.map(withoutOffers) : list.products };
  }
  const { revealAt: _ownerOnly, revealed: _alsoOwnerOnly, recipient: _keepersOnly, isManager: _notTheirs, ...rest } = list;
  return { ...rest, isOwner: false, products: forVisitors(list.products) };
}

export function toListData(list: ProductListDoc, products: ProductDoc[], viewerId: string | undefined): ProductListData {
  return listViewFor(fullListData(list, products), keeperRole(list, viewerId));
}

/** Groups products by list id (a product on several lists is in each of their groups). */
export function byList(products: ProductDoc[]): Map<string, ProductDoc[]> {
  const map = new Map<string, ProductDoc[]>();
  for (const p of products) {
    for (const key of listIdsOf(p)) {
      const group = map.get(key);
      if (group) group.push(p);
      else map.set(key, [p]);
    }
  }
  return map;
}

/**
 * A list in `GET /api/product-lists`: its first `count` products in the list's order (ids of
 * the order whose product is gone are skipped) and how many it holds in all.
 */
export function toListPreview(list: ProductListDoc, leading: ProductDoc[], viewerId: string, count: number): ProductListData {
  const byId = new Map(leading.map((p) => [String(p._id), p]));
  const order = list.productIds ?? [];
  const products = order.slice(0, count).flatMap((id) => {
    const p = byId.get(String(id));
    return p ? [toProductData(p, String(list._id))] : [];
  });
  const role = keeperRole(list, viewerId);
  const shown = role && hiddenFromOwner(list) ? products.map(withoutOffers) : products;
  return {
    id: String(list._id),
    name: list.name,
    isOwner: role !== null,
    ...(role === 'manager' ? { isManager: true as const } : {}),
    ...(role ? { recipient: recipientOf(list) } : {}),
    productCount: order.length,
    ...occasionOf(list),
    products: shown,
  };
}
