// Display helpers of SPEC §3 and §9 (prices: in the reader's language, see formatPrice).

/** Shown for a product with no price (in every language). */
export const NO_PRICE = '-.-- €';

/** The interface languages prices are read in. */
export type PriceLanguage = 'en' | 'fr';

// Prices are read in the interface language (`en` "€1.00", `fr` "1,00 €"), not in SPEC §9's fixed
// French and German formats: an English page showing "1,00 €" read as a misprint (docs/api.md,
// "Withdrawing an offer and prices in the reader's language"). Intl knows each locale's symbol
// position, separators and spaces; nothing here formats by hand.
const LOCALES: Record<PriceLanguage, string> = { en: 'en', fr: 'fr-FR' };

/** `fr`, `fr-CA`… read as French; anything else (`en`, unknown, missing) as English. */
export function priceLanguage(language: string | null | undefined): PriceLanguage {
  return typeof language === 'string' && /^fr(-|$)/i.test(language) ? 'fr' : 'en';
}

/**
 * Made on first use, not when the module loads: a formatter's first construction loads the
 * locale's data, tens of milliseconds on a slow phone, and every app bundles this module, so at
 * load time it would lengthen the start-up task of each app that never shows a price.
 */
const formatters: Partial<Record<PriceLanguage, Intl.NumberFormat>> = {};
const formatter = (lang: PriceLanguage): Intl.NumberFormat =>
  (formatters[lang] ??= new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }));

/**
 * Makes the price formatters now (of `language`, else of both). The first number formatter a page
 * makes costs about 10 ms of a phone's main thread (the browser loads its number data once, for
 * every later formatter of any app on the page): the shell does it in a task of its own while the
 * app's code downloads, so the first list drawn does not pay it inside a long task.
 */
export function warmUpPriceFormat(language?: string): void {
  if (typeof language === 'string') {
    formatter(priceLanguage(language));
    return;
  }
  formatter('en');
  formatter('fr');
}

/**
 * Formats integer cents as euros in the reader's language (the i18n language of the page, or a
 * mail's recipient's): `en` "€1.00", `fr` "1,00 €"; null or undefined shows `-.-- €`.
 */
export function formatPrice(cents: number | null | undefined, language: string): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return NO_PRICE;
  return formatter(priceLanguage(language)).format(cents / 100);
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
