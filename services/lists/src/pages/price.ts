/**
 * Prices as shops write them, into integer cents: "1.234,56", "1,234.56", "81.99", "€ 12,00",
 * "12,-", "1 299 €", "CHF 1'299.50", or a JSON number. Returns null when there is no single
 * plausible amount (no digits, negative, absurdly large, a range).
 */

const SYMBOLS: ReadonlyArray<[RegExp, string]> = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹|\bRs\.?(?=\s|\d)/i, 'INR'],
  [/¥|円/, 'JPY'],
  [/₩/, 'KRW'],
  [/₽/, 'RUB'],
  [/zł/i, 'PLN'],
  [/₺/, 'TRY'],
  [/R\$/, 'BRL'],
  [/C\$|CA\$/, 'CAD'],
  [/A\$|AU\$/, 'AUD'],
  [/US\$|\$/, 'USD'],
];

/** ISO 4217 shape; a few common codes are recognised inside text ("CHF 12", "12 EUR"). */
const CODE_IN_TEXT = /\b(EUR|USD|GBP|CHF|INR|JPY|CAD|AUD|SEK|NOK|DKK|PLN|CZK|HUF|BRL|MXN|CNY|KRW|RUB|TRY|ZAR|NZD|SGD|HKD)\b/i;

export function normalizeCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) return code;
  return currencyIn(value);
}

/** The currency a price text shows, if any. */
export function currencyIn(text: string): string | null {
  const code = CODE_IN_TEXT.exec(text);
  if (code) return code[1].toUpperCase();
  for (const [pattern, currency] of SYMBOLS) if (pattern.test(text)) return currency;
  return null;
}

const MAX_CENTS = 100_000_000_00; // one hundred million: anything above is not a gift price

export function parsePriceToCents(value: unknown): number | null {
  if (typeof value === 'number') return centsOf(value);
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
  if (!text || text.length > 64) return null;
  // One amount only: "10 – 20 €" or "from 10 to 20" is a range, not a price.
  const amounts = text.match(/\d[\d.,' ]*/g)?.map((a) => a.trim()).filter((a) => /\d/.test(a)) ?? [];
  if (amounts.length !== 1) return null;
  if (/(^|[^\d])-\s*\d/.test(text)) return null; // negative
  return centsOf(toNumber(amounts[0]));
}

function centsOf(n: number): number | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const cents = Math.round(n * 100);
  return cents <= MAX_CENTS ? cents : null;
}

/** "1.234,56" → 1234.56; decides which of `.` and `,` is the decimal separator. */
function toNumber(raw: string): number {
  let s = raw.replace(/[' ]/g, '').replace(/[.,]$/, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const last = parts[parts.length - 1];
    // Several separators, or exactly three digits after one: thousands ("1.299", "1,299,000").
    if (parts.length > 2 || last.length === 3) s = parts.join('');
    else s = `${parts[0]}.${last}`;
  }
  return Number(s);
}
