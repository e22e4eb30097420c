/**
 * The cost a giver types, in cents: euros with a point or a comma (`24.90`, `24,9`, `1 200`), or
 * empty for none (null). `undefined` when it is not an amount.
 */
export function parseCost(text: string): number | null | undefined {
  const clean = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (clean === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return undefined;
  const cents = Math.round(Number(clean) * 100);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Cents as the field shows them back (`24.90`, `24,90` in French), empty for none. */
export function costText(cents: number | null, lang: 'en' | 'fr'): string {
  if (cents === null) return '';
  const text = (cents / 100).toFixed(2);
  return lang === 'fr' ? text.replace('.', ',') : text;
}
