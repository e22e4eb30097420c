// What a shop's page says about its product, read from data rather than markup: prices as shops
// write them, and schema.org Product JSON-LD. Pure (no DOM, no cheerio), so the lists service
// (reading fetched HTML) and the browser extension (reading the rendered page) share one reading.

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

type Json = unknown;
type JsonObject = Record<string, Json>;

/** The product a page describes in structured data. */
export interface ProductFacts {
  name?: string;
  images: string[];
  price: number | null;
  currency: string | null;
}

/** Parses a JSON-LD block, tolerating what shops get wrong (comments, CDATA, raw newlines, trailing commas). */
export function parseJsonLd(text: string): Json | undefined {
  const attempts = [
    text,
    text
      .replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '')
      .replace(/^\s*\/\*[\s\S]*?\*\/|\/\*[\s\S]*?\*\/\s*$/g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      // eslint-disable-next-line no-control-regex -- raw control characters are what breaks shops' JSON
      .replace(/[\u0000-\u001f]+/g, ' ')
      .replace(/,\s*([}\]])/g, '$1')
      .trim()
      .replace(/;$/, ''),
  ];
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as Json;
    } catch {
      // next attempt
    }
  }
  return undefined;
}

function typesOf(node: JsonObject): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#:]/, '').toLowerCase());
}

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'productmodel', 'individualproduct', 'vehicle', 'car', 'book']);

export function isJsonObject(v: Json): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every Product node of every block, shallowest first (the page's own product before related ones). */
export function productFromJsonLd(blocks: readonly Json[], decodeEntities: (s: string) => string = (s) => s): ProductFacts | undefined {
  const found: Array<{ node: JsonObject; depth: number; order: number }> = [];
  let order = 0;
  const visit = (value: Json, depth: number, inList: boolean) => {
    if (depth > 12) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth, inList);
      return;
    }
    if (!isJsonObject(value)) return;
    const types = typesOf(value);
    if (types.some((t) => PRODUCT_TYPES.has(t))) found.push({ node: value, depth: depth + (inList ? 10 : 0), order: order++ });
    const listish = types.some((t) => t === 'itemlist' || t === 'offercatalog' || t === 'breadcrumblist');
    for (const [key, child] of Object.entries(value)) {
      if (key === '@context' || key === 'offers' || key === 'review' || key === 'reviews') continue;
      if (typeof child === 'object' && child !== null) {
        visit(child, key === '@graph' ? depth : depth + 1, inList || listish || key === 'isRelatedTo' || key === 'isSimilarTo');
      }
    }
  };
  for (const data of blocks) if (data !== undefined) visit(data, 0, false);
  if (found.length === 0) return undefined;
  found.sort((a, b) => a.depth - b.depth || a.order - b.order);
  const main = found[0].node;
  const facts: ProductFacts = { name: textOf(main.name, decodeEntities), images: imagesOfLd(main.image), price: null, currency: null };
  // A ProductGroup carries its prices on its variants.
  const priced = [main, ...(Array.isArray(main.hasVariant) ? main.hasVariant : isJsonObject(main.hasVariant) ? [main.hasVariant] : [])];
  for (const node of priced) {
    if (!isJsonObject(node)) continue;
    const offer = offerPrice(node.offers);
    if (offer.price !== null) {
      facts.price = offer.price;
      facts.currency = offer.currency;
      break;
    }
  }
  return facts;
}

function textOf(v: Json, decodeEntities: (s: string) => string): string | undefined {
  if (typeof v === 'string') return decodeEntities(v);
  if (Array.isArray(v)) return textOf(v[0], decodeEntities);
  if (isJsonObject(v) && typeof v['@value'] === 'string') return decodeEntities(v['@value']);
  return undefined;
}

function imagesOfLd(v: Json): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(imagesOfLd);
  if (isJsonObject(v)) {
    for (const key of ['contentUrl', 'url', '@id', 'thumbnailUrl']) {
      if (typeof v[key] === 'string') return [v[key] as string];
    }
  }
  return [];
}

/** Offer, AggregateOffer (lowPrice), priceSpecification; an array takes the first priced one. */
function offerPrice(offers: Json, depth = 0): { price: number | null; currency: string | null } {
  const none = { price: null, currency: null };
  if (depth > 4) return none;
  if (Array.isArray(offers)) {
    for (const offer of offers) {
      const found = offerPrice(offer, depth + 1);
      if (found.price !== null) return found;
    }
    return none;
  }
  if (!isJsonObject(offers)) return none;
  const currency = normalizeCurrency(offers.priceCurrency);
  for (const key of ['price', 'lowPrice', 'highPrice']) {
    const raw = offers[key];
    const price = parsePriceToCents(typeof raw === 'string' || typeof raw === 'number' ? raw : undefined);
    if (price !== null && (price > 0 || key === 'price')) {
      return { price, currency: currency ?? (typeof raw === 'string' ? currencyIn(raw) : null) };
    }
  }
  const spec = offers.priceSpecification;
  if (spec !== undefined) {
    const found = offerPrice(specAsOffers(spec), depth + 1);
    if (found.price !== null) return { price: found.price, currency: found.currency ?? currency };
  }
  if (offers.offers !== undefined) return offerPrice(offers.offers, depth + 1);
  return none;
}

/** priceSpecification: prefer the plain sale price over list/strike-through ones. */
function specAsOffers(spec: Json): Json {
  if (!Array.isArray(spec)) return spec;
  const plain = spec.filter((s) => isJsonObject(s) && !/list|strikethrough|msrp|srp/i.test(String(s.priceType ?? '')));
  return plain.length > 0 ? plain : spec;
}
