import { load, type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { currencyIn, normalizeCurrency, parseJsonLd, parsePriceToCents, productFromJsonLd, type ProductFacts } from '@wishlist/contracts';
import { ancestors, comparable, firstDescendants, isWithin, itemValue, shortText, textOf } from './dom';
import { limitMarkup } from './markup';
import { collectImages } from './pictures';

export { parseJsonLd };
export { MAX_IMAGES, pictureVariant } from './pictures';

/**
 * Product candidates read from a page's HTML: title, images (best first), price in cents and
 * currency, site name. Pure: parses markup only (scripts are never run; JSON-LD is parsed as
 * data), returns plain strings and numbers that the front end escapes when it renders them.
 * Its work is bounded by the page's size whatever the markup: the parser gets the page with its
 * nesting bounded (markup.ts), texts are read iteratively and only as far as needed, ancestor
 * walks have a fixed length, and each kind of candidate is capped.
 */
export interface PageMetadata {
  title: string | null;
  images: string[];
  price: number | null;
  currency: string | null;
  siteName: string | null;
}

const MAX_TITLE = 300;
/** Headings read, elements inside each, and characters of a heading's text. */
const MAX_HEADINGS = 5;
const MAX_HEADING_PARTS = 40;
const MAX_HEADING_TEXT = 10_000;
/** Elements named like a price that are looked at, and how long a price's text may be before it is cleaned. */
const MAX_PRICE_CANDIDATES = 300;
const MAX_PRICE_TEXT = 2000;

export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  const $ = load(limitMarkup(html), { scriptingEnabled: false });
  const base = baseUrl($, pageUrl);
  const meta = metaReader($);

  const ld = fromJsonLd($);
  const micro = fromMicrodata($);
  const product = mergeProducts(ld, micro);

  const siteName = clean(meta('og:site_name') ?? meta('application-name'));
  const title = pickTitle($, meta, product?.name, siteName);
  const images = collectImages($, meta, base, product, [title, product?.name, meta('og:title')]);
  const stated = pickPrice(meta, product);
  const { price, currency } = stated.price === null && looksLikeProductPage($, meta, product) ? visiblePrice($) : stated;

  return {
    title,
    images,
    price,
    currency,
    siteName: siteName ?? null,
  };
}

/* ----------------------------------------------------------------------------------------- */
/* helpers                                                                                   */

function clean(text: string | undefined | null): string | undefined {
  if (typeof text !== 'string') return undefined;
  const collapsed = text.replace(/[\s\u00a0]+/g, ' ').trim();
  if (!collapsed) return undefined;
  return collapsed.length > MAX_TITLE ? `${collapsed.slice(0, MAX_TITLE - 1)}…` : collapsed;
}

/** `<base href>` resolved against the page URL (only http(s)); else the page URL. */
function baseUrl($: CheerioAPI, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const href = $('base[href]').first().attr('href');
  if (!href) return page;
  try {
    const base = new URL(href.trim(), page);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base : page;
  } catch {
    return page;
  }
}

/** Reads `<meta property|name|itemprop=key content>`, first non-empty. */
function metaReader($: CheerioAPI): (key: string) => string | undefined {
  const values = new Map<string, string>();
  $('meta').each((_, el) => {
    const key = (el.attribs.property ?? el.attribs.name ?? el.attribs.itemprop ?? '').trim().toLowerCase();
    const content = el.attribs.content?.trim();
    if (key && content && !values.has(key)) values.set(key, content);
  });
  return (key) => values.get(key);
}

/* ----------------------------------------------------------------------------------------- */
/* JSON-LD                                                                                   */

/** JSON-LD strings sometimes carry HTML entities ("Caf&eacute;"): decode them as text. */
function decodeEntities(s: string): string {
  return /&[#a-z0-9]+;/i.test(s) ? load(`<p>${s.replace(/</g, '&lt;')}</p>`)('p').text() : s;
}

/** Every Product node of every JSON-LD block, shallowest first. */
function fromJsonLd($: CheerioAPI): ProductFacts | undefined {
  const blocks = $('script[type="application/ld+json" i]').toArray().map((el) => parseJsonLd($(el).text()));
  return productFromJsonLd(blocks, decodeEntities);
}

/* ----------------------------------------------------------------------------------------- */
/* microdata                                                                                 */

function fromMicrodata($: CheerioAPI): ProductFacts | undefined {
  const scope = $('[itemscope][itemtype*="schema.org/Product" i]').get(0);
  // Elements are selected from the document and kept by a bounded walk up: `.find()` from an
  // element costs the square of its number of children.
  const inScope = (el: Element) => !!scope && ancestors(el, 256).includes(scope);
  const outsideCode = (el: Element) => !ancestors(el, 256).some((p) => p.name === 'script' || p.name === 'template');
  const find = (prop: string) => {
    const all = $(`[itemprop~="${prop}"]`);
    const inside = scope ? all.filter((_, el) => inScope(el)) : $();
    return inside.length > 0 ? inside : all.filter((_, el) => outsideCode(el));
  };
  const priceEl = find('price').first();
  const price = priceEl.length ? parsePriceToCents(itemValue($, priceEl)) : null;
  const currencyEl = find('priceCurrency').first();
  const currency = (currencyEl.length ? normalizeCurrency(itemValue($, currencyEl)) : null) ??
    (priceEl.length ? currencyIn(textOf(priceEl.get(0), MAX_PRICE_TEXT).text) : null);
  if (!scope && price === null) return undefined;
  const name = scope ? clean(itemValue($, $('[itemprop="name"]').filter((_, el) => nearestScope(el) === scope).first())) : undefined;
  const images = scope
    ? $('[itemprop~="image"]').filter((_, el) => inScope(el)).toArray().map((el) => itemValue($, $(el))).filter((v): v is string => !!v)
    : [];
  return { name, images, price, currency: price !== null ? currency : null };
}

/** The nearest `[itemscope]` above `el` (a bounded walk: the tree's depth is bounded too). */
function nearestScope(el: Element): Element | undefined {
  return ancestors(el, 256).find((p) => p.attribs.itemscope !== undefined);
}

function mergeProducts(ld: ProductFacts | undefined, micro: ProductFacts | undefined): ProductFacts | undefined {
  if (!ld) return micro;
  if (!micro) return ld;
  const usePrice = ld.price !== null ? ld : micro;
  return {
    name: ld.name ?? micro.name,
    images: [...ld.images, ...micro.images],
    price: usePrice.price,
    currency: usePrice.currency,
  };
}

/* ----------------------------------------------------------------------------------------- */
/* title, price, images                                                                      */

function pickTitle($: CheerioAPI, meta: (key: string) => string | undefined, productName?: string, siteName?: string): string | null {
  const pageTitles = [meta('og:title'), meta('twitter:title'), $('title').first().text()].map(clean).filter((t): t is string => !!t);
  return headingInTitle($, pageTitles) ?? titleInHeading($, pageTitles) ?? clean(productName) ?? (pageTitles[0] ? stripSiteName(pageTitles[0], siteName) : null) ?? clean(headingText($('h1').get(0))) ?? null;
}

const headingText = (node: Element | undefined) => textOf(node, MAX_HEADING_TEXT).text;

/**
 * The page's main heading, when the page title repeats it: "Blue Teapot" out of
 * "-20% on Blue Teapot - Buy online | Shop". Looks at each h1 and the elements inside it (a
 * heading often wraps the name and a badge or a format), keeps the longest one that the title
 * contains.
 */
function headingInTitle($: CheerioAPI, pageTitles: string[]): string | undefined {
  const titles = pageTitles.map(comparable);
  if (titles.length === 0) return undefined;
  let best: string | undefined;
  $('h1').slice(0, MAX_HEADINGS).each((_, h1) => {
    const texts = [h1, ...firstDescendants(h1, MAX_HEADING_PARTS)].map((el) => shortText(el, MAX_HEADING_TEXT));
    for (const text of texts) {
      const candidate = clean(text);
      if (!candidate || candidate.length < 4 || candidate.length > MAX_TITLE) continue;
      const c = comparable(candidate);
      if (titles.some((t) => t.includes(c)) && (!best || candidate.length > best.length)) best = candidate;
    }
  });
  return best;
}

/** The other way round: a title segment ("Blue Teapot" of "Blue Teapot | Shop") that the heading contains. */
function titleInHeading($: CheerioAPI, pageTitles: string[]): string | undefined {
  const headings = $('h1').slice(0, MAX_HEADINGS).toArray().map((h1) => comparable(headingText(h1)));
  for (const title of pageTitles) {
    for (const segment of title.split(/\s+[|–—·]\s+/)) {
      if (segment.length >= 10 && segment !== title && headings.some((h) => h.includes(comparable(segment)))) return segment;
    }
  }
  return undefined;
}

/** "Blue Teapot | Little Shop" → "Blue Teapot" when the segment is the site's name. */
function stripSiteName(title: string, siteName?: string): string {
  if (!siteName) return title;
  const site = comparable(siteName);
  const parts = title.split(/\s+[|\-–—:@·]\s+/);
  if (parts.length < 2) return title;
  if (comparable(parts[parts.length - 1]).includes(site)) return title.slice(0, title.lastIndexOf(parts[parts.length - 1])).replace(/\s+[|\-–—:@·]\s*$/, '').trim() || title;
  if (comparable(parts[0]).includes(site)) return title.slice(parts[0].length).replace(/^\s*[|\-–—:@·]\s+/, '').trim() || title;
  return title;
}

/**
 * The price the shop states in its sharing tags (product:price / og:price) first: it is the
 * price a visitor pays, where JSON-LD offers often carry the list price. Then structured data.
 */
function pickPrice(meta: (key: string) => string | undefined, product?: ProductFacts): { price: number | null; currency: string | null } {
  for (const prefix of ['product:sale_price', 'product:price', 'og:price']) {
    const amount = meta(`${prefix}:amount`);
    const price = parsePriceToCents(amount);
    if (price !== null && price > 0) {
      return { price, currency: normalizeCurrency(meta(`${prefix}:currency`)) ?? (amount ? currencyIn(amount) : null) };
    }
  }
  if (product && product.price !== null) return { price: product.price, currency: product.currency };
  return { price: null, currency: null };
}

/** Signals that the page sells one product (not a search, a category or a bot check). */
function looksLikeProductPage($: CheerioAPI, meta: (key: string) => string | undefined, product?: ProductFacts): boolean {
  if (product) return true;
  if (/product/i.test(meta('og:type') ?? '')) return true;
  return $('[id*="add-to-cart" i], [id*="addtocart" i], [name*="add-to-cart" i], [class*="add-to-cart" i], [class*="addtocart" i], #buy-now-button').length > 0;
}

const PRICE_HINT = /(^|[-_\s])price|price($|[-_\s])|^price|prix|preis|prezzo|precio/i;
const NOT_THE_PRICE = /old|was|strike|regular|list|before|save|saving|ship|deliver|per[-_]?unit|unit[-_]?price|compare|msrp|rrp|instal|financ|month/i;
/** Where a price is not shown, or shown struck out. */
const NOT_A_SHOWN_PRICE = new Set(['script', 'template', 'noscript', 'del', 's', 'strike']);

/**
 * Last resort on a product page without structured price: the first short element whose id
 * (then class) names a price and whose text is one amount with a currency ("54,00 €").
 */
function visiblePrice($: CheerioAPI): { price: number | null; currency: string | null } {
  for (const attr of ['id', 'class']) {
    let found: { price: number; currency: string } | undefined;
    let candidates = 0;
    $(`[${attr}]`).each((_, el) => {
      const name = 'attribs' in el ? (el.attribs[attr] ?? '') : '';
      if (!PRICE_HINT.test(name) || NOT_THE_PRICE.test(name)) return;
      candidates += 1;
      if (candidates > MAX_PRICE_CANDIDATES) return false;
      if (isWithin(el, NOT_A_SHOWN_PRICE, 256)) return;
      if (ancestors(el, 6).some((p) => NOT_THE_PRICE.test(`${p.attribs.id ?? ''} ${p.attribs.class ?? ''}`))) return;
      const text = clean(shortText(el, MAX_PRICE_TEXT));
      if (!text || text.length > 24) return;
      const currency = currencyIn(text);
      const price = currency ? parsePriceToCents(text) : null;
      if (price !== null && price > 0 && currency) {
        found = { price, currency };
        return false;
      }
      return;
    });
    if (found) return found;
  }
  return { price: null, currency: null };
}
