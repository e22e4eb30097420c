// Display helpers of SPEC §3 and §9.

/** Shown for a product with no price. */
export const NO_PRICE = '-.-- €';

export type PriceStyle = 'condensed' | 'full';

// SPEC §9: French format on the condensed card, German format on the full card.
const LOCALES: Record<PriceStyle, string> = { condensed: 'fr-FR', full: 'de-DE' };
/**
 * Made on first use, not when the module loads (issue 13): a formatter's first construction loads
 * the locale's data, tens of milliseconds on a slow phone, and every app bundles this module, so
 * at load time it lengthened the start-up task of each app that never showed a price.
 */
const formatters: Partial<Record<PriceStyle, Intl.NumberFormat>> = {};
const formatter = (style: PriceStyle): Intl.NumberFormat =>
  (formatters[style] ??= new Intl.NumberFormat(LOCALES[style], { style: 'currency', currency: 'EUR' }));

/**
 * Makes the price formatters now. The first number formatter a page makes costs about 10 ms of a
 * phone's main thread (the browser loads its number data once, for every later formatter of any
 * app on the page): the shell does it in a task of its own while the app's code downloads, so the
 * first list drawn does not pay it inside a long task (issue 13).
 */
export function warmUpPriceFormat(): void {
  formatter('condensed');
  formatter('full');
}

/** Formats integer cents as euros; null or undefined shows `-.-- €`. */
export function formatPrice(cents: number | null | undefined, style: PriceStyle = 'condensed'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return NO_PRICE;
  return formatter(style).format(cents / 100);
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
