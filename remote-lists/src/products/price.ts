// Price field text <-> integer cents (SPEC §5: comma or dot decimals, rounded cents, empty = null).
import { PRICE_MAX_CENTS, parsePrice } from '@wishlist/contracts';
import type { Lang } from './i18n';

/** Cents as the field shows them: `19,99` in French, `19.99` in English; null gives ''. */
export function centsToField(cents: number | null | undefined, lang: Lang): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const text = (cents / 100).toFixed(2);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** The example shown in the hint, in the page's decimal style. */
export const priceExample = (lang: Lang) => (lang === 'fr' ? '19,99' : '19.99');

/** Cents from the field (either separator); null when empty; undefined when not a valid price. */
export function fieldToCents(text: string): number | null | undefined {
  const cents = parsePrice(text);
  if (cents === undefined || cents === null) return cents;
  return cents <= PRICE_MAX_CENTS ? cents : undefined;
}
