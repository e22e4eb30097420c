// Display helpers of SPEC §3 and §9.

/** Shown for a product with no price. */
export const NO_PRICE = '-.-- €';

export type PriceStyle = 'condensed' | 'full';

const formatters: Record<PriceStyle, Intl.NumberFormat> = {
  // SPEC §9: French format on the condensed card, German format on the full card.
  condensed: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }),
  full: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }),
};

/** Formats integer cents as euros; null or undefined shows `-.-- €`. */
export function formatPrice(cents: number | null | undefined, style: PriceStyle = 'condensed'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return NO_PRICE;
  return formatters[style].format(cents / 100);
}

/** Host name of a product URL for display, leading `www.` stripped. */
export function websiteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** Sum of prices in cents; products without a price count as zero. */
export function totalPrice(products: readonly { price: number | null }[]): number {
  return products.reduce((sum, p) => sum + (p.price ?? 0), 0);
}
