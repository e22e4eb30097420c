import { load, type CheerioAPI } from 'cheerio';
import {
  currencyIn,
  isJsonObject as isObject,
  normalizeCurrency,
  parseJsonLd,
  parsePriceToCents,
  productFromJsonLd,
  type ProductFacts,
} from '@wishlist/contracts';

export { parseJsonLd };

/**
 * Product candidates read from a page's HTML: title, images (best first), price in cents and
 * currency, site name. Pure: parses markup only (scripts are never run; JSON-LD is parsed as
 * data), returns plain strings and numbers that the front end escapes when it renders them.
 */
export interface PageMetadata {
  title: string | null;
  images: string[];
  price: number | null;
  currency: string | null;
  siteName: string | null;
}

export const MAX_IMAGES = 30;
const MAX_TITLE = 300;

export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  const $ = load(html, { scriptingEnabled: false });
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

function absolute(raw: string | undefined, base: URL): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim();
  if (!value || value.startsWith('data:')) return undefined;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
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

function itemValue($: CheerioAPI, el: ReturnType<CheerioAPI>): string | undefined {
  const node = el.get(0);
  if (!node || node.type !== 'tag') return undefined;
  const a = node.attribs;
  const value = a.content ?? (['img', 'source', 'audio', 'video', 'embed', 'iframe'].includes(node.name) ? a.src : undefined)
    ?? (['a', 'link', 'area'].includes(node.name) ? a.href : undefined)
    ?? (node.name === 'meta' ? a.content : undefined)
    ?? (node.name === 'data' || node.name === 'meter' ? a.value : undefined)
    ?? $(node).text();
  return value?.trim() || undefined;
}

function fromMicrodata($: CheerioAPI): ProductFacts | undefined {
  const scope = $('[itemscope][itemtype*="schema.org/Product" i]').first();
  const within = scope.length > 0 ? scope : null;
  const find = (prop: string) => {
    const inScope = within ? within.find(`[itemprop~="${prop}"]`) : $();
    return inScope.length > 0 ? inScope : $(`[itemprop~="${prop}"]`).not('script *, template *');
  };
  const priceEl = find('price').first();
  const price = priceEl.length ? parsePriceToCents(itemValue($, priceEl)) : null;
  const currencyEl = find('priceCurrency').first();
  const currency = (currencyEl.length ? normalizeCurrency(itemValue($, currencyEl)) : null) ??
    (priceEl.length ? currencyIn(priceEl.text()) : null);
  if (!within && price === null) return undefined;
  const name = within
    ? clean(itemValue($, within.find('[itemprop="name"]').filter((_, el) => $(el).parents('[itemscope]').first().is(within)).first()))
    : undefined;
  const images = within
    ? within.find('[itemprop~="image"]').toArray().map((el) => itemValue($, $(el))).filter((v): v is string => !!v)
    : [];
  return { name, images, price, currency: price !== null ? currency : null };
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
  return headingInTitle($, pageTitles) ?? titleInHeading($, pageTitles) ?? clean(productName) ?? (pageTitles[0] ? stripSiteName(pageTitles[0], siteName) : null) ?? clean($('h1').first().text()) ?? null;
}

const comparable = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

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
  $('h1').slice(0, 5).each((_, h1) => {
    const texts = [$(h1).text(), ...$(h1).find('*').slice(0, 40).toArray().map((el) => $(el).text())];
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
  const headings = $('h1').slice(0, 5).toArray().map((h1) => comparable($(h1).text()));
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

/**
 * Last resort on a product page without structured price: the first short element whose id
 * (then class) names a price and whose text is one amount with a currency ("54,00 €").
 */
function visiblePrice($: CheerioAPI): { price: number | null; currency: string | null } {
  for (const attr of ['id', 'class']) {
    let found: { price: number; currency: string } | undefined;
    $(`[${attr}]`).each((_, el) => {
      const name = 'attribs' in el ? (el.attribs[attr] ?? '') : '';
      if (!PRICE_HINT.test(name) || NOT_THE_PRICE.test(name)) return;
      const $el = $(el);
      if ($el.closest('script, template, noscript, del, s, strike').length > 0) return;
      const parents = $el.parents().toArray().slice(0, 6);
      if (parents.some((p) => 'attribs' in p && NOT_THE_PRICE.test(`${p.attribs.id ?? ''} ${p.attribs.class ?? ''}`))) return;
      const text = clean($el.text());
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

/** Sprites, pixels, icons and placeholders that are never a product picture. */
const NOT_A_PICTURE = /\.svg(\?|$)|sprite|spacer|pixel|blank\.gif|transparent\.(gif|png)|1x1|\/icons?\/|favicon|logo|placeholder|loading|spinner|\/ads?\/|beacon|tracking/i;
/** An `<img>` whose own id/class names it a logo, an icon, a button… */
const NOT_A_PICTURE_ELEMENT = /(^|[\s_-])(logos?|icons?|sprites?|pixel|badges?|flags?|avatars?|spinner|btn|button|close|rating|stars?)([\s_-]|$)/i;
/** Containers of the main product picture. */
const GALLERY = /gallery|product|main|zoom|hero|landing|pdp|primary|featured|image-?block/i;
/** Containers of other things: related products, navigation, promotions. */
const ELSEWHERE = /related|recommend|similar|upsell|cross-?sell|also|sponsor|footer|header|aside|(^|[\s_-])nav|menu|banner|promo|advert|review|comment|social|share/i;
/** Attributes a shop uses for its hi-res picture. */
const HIRES_ATTRS = ['data-old-hires', 'data-zoom-image', 'data-large-image', 'data-src-large', 'data-a-hires'];

const EXT = '(jpe?g|png|gif|webp|avif)';
const SHOPIFY_NAMED: Record<string, number> = { pico: 16, icon: 32, thumb: 50, small: 100, compact: 160, medium: 240, large: 480, grande: 600, original: Infinity, master: Infinity };
const SIZE_PARAMS = new Set(['width', 'w', 'wid', 'height', 'h', 'hei', 'dpr', 'fmt', 'format', 'qlt', 'quality', 'q', 'fit', 'crop', 'resize', 'size', 'sw', 'sh', 'bgc', 'auto']);

/**
 * The same picture at different sizes has the same key: size tokens are dropped from the URL
 * (`_600x600`, `_grande`, `@2x` before the extension; `._SL1500_`/`._AC_SX679_` segments;
 * `-300x200`; `?width=`/`?wid=`/`?hei=`… parameters). `size` is the largest edge the URL names.
 */
export function pictureVariant(url: string): { key: string; size?: number } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { key: url };
  }
  const sizes: number[] = [];
  let path = parsed.pathname;
  path = path.replace(new RegExp(`\\._([^/]*)_\\.${EXT}$`, 'i'), (_, tokens: string, ext: string) => {
    for (const m of tokens.matchAll(/(?:^|[_,])(?:S[LXYS]|U[LSXY]|SR|AA)(\d{2,4})/g)) sizes.push(Number(m[1]));
    return `.${ext}`;
  });
  path = path.replace(
    new RegExp(`_(pico|icon|thumb|small|compact|medium|large|grande|original|master|\\d{2,4}x\\d{0,4}|x\\d{2,4})(?:_crop_[a-z]+)?(?:@([23])x)?(?:\\.progressive)?\\.${EXT}$`, 'i'),
    (_, token: string, scale: string | undefined, ext: string) => {
      const named = SHOPIFY_NAMED[token.toLowerCase()];
      const edge = named ?? Math.max(...token.split('x').map((n) => Number(n) || 0));
      sizes.push(edge * (scale ? Number(scale) : 1));
      return `.${ext}`;
    },
  );
  path = path.replace(new RegExp(`-(\\d{2,4})x(\\d{2,4})\\.${EXT}$`, 'i'), (_, w: string, h: string, ext: string) => {
    sizes.push(Math.max(Number(w), Number(h)));
    return `.${ext}`;
  });
  const kept = new URLSearchParams();
  let edge = 0;
  let dpr = 1;
  for (const [name, value] of parsed.searchParams) {
    const lower = name.toLowerCase();
    if (!SIZE_PARAMS.has(lower)) kept.append(name, value);
    else if (['width', 'w', 'wid', 'height', 'h', 'hei'].includes(lower) && Number(value) > 0) edge = Math.max(edge, Number(value));
    else if (lower === 'dpr' && Number(value) > 0) dpr = Number(value);
  }
  if (edge > 0) sizes.push(edge * dpr);
  const query = kept.toString();
  return { key: `${parsed.host}${path}${query ? `?${query}` : ''}`, size: sizes.length > 0 ? Math.max(...sizes) : undefined };
}

interface Srcset {
  url: string;
  size?: number;
}

function largestFromSrcset(srcset: string | undefined, declaredWidth: number): Srcset | undefined {
  if (!srcset) return undefined;
  let best: { url: string; rank: number; size?: number } | undefined;
  for (const part of srcset.split(/,\s+(?=\S)/)) {
    const [url, descriptor = '1x'] = part.trim().split(/\s+/);
    if (!url) continue;
    const value = parseFloat(descriptor);
    const ok = Number.isFinite(value);
    const size = ok && descriptor.endsWith('w') ? value : ok && declaredWidth > 0 ? value * declaredWidth : undefined;
    const rank = ok ? value * (descriptor.endsWith('x') ? 1000 : 1) : 0;
    if (!best || rank > best.rank) best = { url, rank, size };
  }
  return best && { url: best.url, size: best.size };
}

/** `data-a-dynamic-image='{"url": [w, h], …}'`: the largest entry. */
function largestDynamicImage(raw: string | undefined): Srcset | undefined {
  const data = raw ? parseJsonLd(raw) : undefined;
  if (!isObject(data)) return undefined;
  let best: Srcset | undefined;
  for (const [url, dims] of Object.entries(data)) {
    const size = Array.isArray(dims) ? Math.max(...dims.map((d) => Number(d) || 0)) : 0;
    if (!best || size > (best.size ?? 0)) best = { url, size };
  }
  return best;
}

interface Candidate {
  url: string;
  key: string;
  size?: number;
  hires: boolean;
  score: number;
  order: number;
}

/** Image candidates from <img>: a score for how much it looks like the product's own picture. */
function imgScore(img: ReturnType<CheerioAPI>, titles: string[]): number | null {
  const node = img.get(0);
  if (!node || !('attribs' in node)) return 0;
  const a = node.attribs;
  const own = `${a.id ?? ''} ${a.class ?? ''}`;
  if (NOT_A_PICTURE_ELEMENT.test(own)) return null;
  let score = 0;
  const labels = [a.alt, a.title].map((t) => (t ? comparable(t) : '')).filter((t) => t.length >= 4);
  if (labels.some((label) => titles.some((title) => label === title || (label.length >= 8 && (title.includes(label) || label.includes(title)))))) score += 40;
  if (HIRES_ATTRS.some((attr) => a[attr]) || a['data-a-dynamic-image']) score += 30;
  const context = [node, ...img.parents().toArray().slice(0, 8)].map((p) =>
    'attribs' in p ? `${['nav', 'header', 'footer', 'aside'].includes(p.name) ? p.name : ''} ${p.attribs.id ?? ''} ${p.attribs.class ?? ''}` : '',
  );
  if (context.slice(0, 6).some((c) => GALLERY.test(c) && !ELSEWHERE.test(c))) score += 25;
  if (context.some((c) => ELSEWHERE.test(c))) score -= 40;
  return score;
}

/**
 * Candidates, best first: the schema.org Product images, then og:image and friends, then `<img>`s
 * ranked by `imgScore` (page order on ties). The same picture at several sizes is one candidate,
 * given as its largest variant (a shop's hi-res attribute without a size counts as the original).
 */
function collectImages($: CheerioAPI, meta: (key: string) => string | undefined, base: URL, product: ProductFacts | undefined, titleHints: Array<string | null | undefined>): string[] {
  const titles = [...new Set(titleHints.filter((t): t is string => !!t).map(comparable))].filter((t) => t.length >= 4);
  const candidates: Candidate[] = [];
  const add = (raw: string | undefined, score: number, options: { filter?: boolean; size?: number; hires?: boolean } = {}) => {
    if (candidates.length >= 400) return;
    const url = absolute(raw, base);
    if (!url) return;
    if (options.filter && NOT_A_PICTURE.test(url)) return;
    const variant = pictureVariant(url);
    if (options.filter && variant.size !== undefined && variant.size < 100) return; // a swatch or thumbnail by its URL
    candidates.push({ url, key: variant.key, size: options.size ?? variant.size, hires: !!options.hires, score, order: candidates.length });
  };

  for (const image of product?.images ?? []) add(image, 400);
  for (const key of ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src']) add(meta(key), 300);
  $('link[rel~="image_src" i]').each((_, el) => add(el.attribs.href, 250));
  $('[itemprop~="image"]').each((_, el) => add(itemValue($, $(el)), 200, { filter: true }));

  $('img, picture source').each((_, el) => {
    const a = el.attribs;
    const width = Number(a.width);
    const height = Number(a.height);
    if ((width > 0 && width < 100) || (height > 0 && height < 100)) return;
    const score = imgScore(el.name === 'img' ? $(el) : $(el).closest('picture').find('img').first(), titles);
    if (score === null) return;
    const srcset = largestFromSrcset(a['data-srcset'], width) ?? largestFromSrcset(a.srcset, width);
    if (srcset) add(srcset.url, score, { filter: true, size: srcset.size && pictureVariant(srcset.url).size === undefined ? srcset.size : undefined });
    if (el.name !== 'img') return;
    const dynamic = largestDynamicImage(a['data-a-dynamic-image']);
    if (dynamic) add(dynamic.url, score, { filter: true, size: dynamic.size });
    for (const attr of HIRES_ATTRS) add(a[attr], score, { filter: true, hires: true });
    for (const attr of ['data-src', 'data-lazy-src', 'data-original', 'src']) add(a[attr], score, { filter: true });
  });

  const groups = new Map<string, { best: Candidate; score: number; order: number }>();
  const edge = (c: Candidate) => c.size ?? (c.hires ? Infinity : 0);
  for (const c of candidates) {
    const group = groups.get(c.key);
    if (!group) {
      groups.set(c.key, { best: c, score: c.score, order: c.order });
      continue;
    }
    group.score = Math.max(group.score, c.score);
    if (edge(c) > edge(group.best)) group.best = c;
  }
  return [...groups.values()]
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .slice(0, MAX_IMAGES)
    .map((g) => g.best.url);
}
