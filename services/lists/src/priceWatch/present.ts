import type { ProductDoc } from '../data/models';

/** What every product answer carries of price watch (docs/api.md, "Price watch"). */
export function priceWatchFacts(doc: Pick<ProductDoc, 'priceHistory' | 'priceCheckedAt' | 'priceStale'>): {
  priceHistory: { price: number; at: string }[];
  priceCheckedAt: string | null;
  priceStale: boolean;
} {
  return {
    priceHistory: (doc.priceHistory ?? []).map((p) => ({ price: p.price, at: new Date(p.at).toISOString() })),
    priceCheckedAt: doc.priceCheckedAt ? new Date(doc.priceCheckedAt).toISOString() : null,
    priceStale: doc.priceStale === true,
  };
}
