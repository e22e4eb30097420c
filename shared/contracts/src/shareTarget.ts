// The web app manifest's `share_target` (SPEC §3 "share intent"): Android hands what
// another app shared to `/share-target?title=…&text=…&url=…` (GET). Most apps put the link in
// `text`, often with words around it ("Look at this! https://…"); a few fill `url`; some only
// `title`. The product URL is `url` when it is one, else the first http(s) link in `text`, then in
// `title`, and it must be a valid absolute URL (SPEC §4: "handled only if … the shared text is a
// valid absolute URL").
import { isCompleteProductUrl, PRODUCT_URL_MAX_LENGTH } from './validation';

/** The three `share_target` params, as the query carries them (any may be missing). */
export interface SharedContent {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}

/** The manifest's `share_target.params` names: the query keys /share-target reads. */
export const SHARE_TARGET_PARAMS = { title: 'title', text: 'text', url: 'url' } as const;
/** The manifest's `share_target.action`. */
export const SHARE_TARGET_PATH = '/share-target';

// A link candidate: the scheme (any case) then everything up to white space or a character that
// never ends a URL in running text (quotes and angle brackets around it).
const LINK = /https?:\/\/[^\s<>"'«»“”‘’]+/gi;
// Punctuation that ends a sentence rather than the URL ("…see https://shop.example/p.").
const TRAILING = '.,;:!?…)]}';
const OPENING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Removes sentence punctuation after a link, keeping a `)` the link itself opened (wiki-style). */
function trimTrailing(candidate: string): string {
  let link = candidate;
  while (link.length > 0 && TRAILING.includes(link[link.length - 1])) {
    const last = link[link.length - 1];
    const open = OPENING[last];
    // https://en.example/Kite_(toy) stays whole; "(see https://shop.example/p)" loses the ")".
    if (open && count(link, open) >= count(link, last)) break;
    link = link.slice(0, -1);
  }
  return link;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

function acceptable(url: string): boolean {
  return url.length <= PRODUCT_URL_MAX_LENGTH && isCompleteProductUrl(url);
}

/** Every http(s) link in a piece of shared text that is a valid absolute URL, in order. */
export function findLinks(text: string | null | undefined): string[] {
  if (!text) return [];
  const found: string[] = [];
  for (const m of text.matchAll(LINK)) {
    const link = trimTrailing(m[0]);
    if (acceptable(link)) found.push(link);
  }
  return found;
}

/**
 * The product URL in what was shared: `url` when it is a valid absolute http(s) URL, else the
 * first such link in `text`, then in `title`; null when there is none.
 */
export function productUrlFromShare(shared: SharedContent): string | null {
  const url = shared.url?.trim() ?? '';
  if (url && acceptable(url)) return url;
  for (const field of [shared.url, shared.text, shared.title]) {
    const [first] = findLinks(field);
    if (first) return first;
  }
  return null;
}
