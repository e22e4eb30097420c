import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isJsonObject as isObject, parseJsonLd, type ProductFacts } from '@wishlist/contracts';
import { absolute, ancestors, comparable, itemValue } from './dom';

/**
 * The page's picture candidates, best first: the schema.org Product images, then og:image and
 * friends, then the `<img>`s ranked by how much they look like the product's own picture.
 */

export const MAX_IMAGES = 30;
/** `<img>` and `<picture><source>` elements looked at: the product's picture is among the first. */
const MAX_IMG_ELEMENTS = 1000;

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

/** The `<img>` of the `<picture>` a `<source>` sits in (its own child, as the markup has it). */
function pictureImg($: CheerioAPI, source: Element): ReturnType<CheerioAPI> {
  const picture = source.parent;
  const img = picture && 'name' in picture && picture.name === 'picture' ? picture.children.find((c): c is Element => c.type === 'tag' && (c as Element).name === 'img') : undefined;
  return img ? $(img) : $([]);
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
  const context = [node, ...ancestors(node, 8)].map((p) =>
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
export function collectImages($: CheerioAPI, meta: (key: string) => string | undefined, base: URL, product: ProductFacts | undefined, titleHints: Array<string | null | undefined>): string[] {
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

  $('img, picture source').slice(0, MAX_IMG_ELEMENTS).each((_, el) => {
    const a = el.attribs;
    const width = Number(a.width);
    const height = Number(a.height);
    if ((width > 0 && width < 100) || (height > 0 && height < 100)) return;
    const score = imgScore(el.name === 'img' ? $(el) : pictureImg($, el), titles);
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
