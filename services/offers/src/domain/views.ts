import type { OfferingRead } from '@wishlist/contracts';
import type { OfferedProduct, OfferingDoc, OfferingState } from '../data/models';
import type { ListedProduct } from './upstreams';

/** The offering as its owner reads it (SPEC §3 "Offering read", plus state and date). */
export interface OfferingView extends OfferingRead {
  state: Exclude<OfferingState, 'creating' | 'unconfirmed' | 'expired'>;
  createdAt: string;
}

/** The product as offered: `quantity` is how many units this offering gives. */
export function snapshot(p: ListedProduct, units = 1): OfferedProduct {
  return {
    quantity: units,
    id: p.id,
    name: p.name,
    image: p.image,
    price: p.price,
    url: p.url,
    websiteName: p.websiteName,
    productListId: p.productListId,
    listName: p.listName,
  };
}

/** A product as it was when it was offered, with the defaults of fields stored before they existed. */
export function offeredProductFields(p: OfferingDoc['products'][number]) {
  return {
    id: p.id,
    name: p.name ?? '',
    image: p.image ?? '',
    price: p.price ?? null,
    url: p.url ?? '',
    websiteName: p.websiteName ?? '',
    productListId: p.productListId ?? '',
    quantity: p.quantity ?? 1,
  };
}

export function toView(doc: OfferingDoc): OfferingView {
  return {
    id: doc._id,
    offererIdentity: doc.offererIdentity ?? '',
    offererMessage: doc.offererMessage ?? '',
    address: doc.address ?? '',
    products: doc.products.map((p) => ({
      ...offeredProductFields(p),
      hasBeenOffered: doc.state !== 'refused' && doc.state !== 'withdrawn',
      isWishlisted: true,
      hasFocus: false,
      isMovable: false,
    })),
    isExpectingAddress: doc.isExpectingAddress,
    state: doc.state as OfferingView['state'],
    createdAt: doc.createdAt.toISOString(),
  };
}

