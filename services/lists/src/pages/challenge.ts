import type { IncomingHttpHeaders } from 'node:http';
import { load } from 'cheerio';

/**
 * Recognises a bot wall: the page a shop's anti-bot service answers instead of the product
 * (Cloudflare "Just a moment...", Amazon's captcha, DataDome, PerimeterX/HUMAN "Press & Hold",
 * Imperva, Akamai, AWS WAF, hCaptcha / reCAPTCHA / Turnstile challenge pages). Such a page must
 * not become a product named after the shop.
 *
 * Three kinds of evidence, from the most to the least specific:
 * 1. a response header that only a challenge carries (`cf-mitigated: challenge`,
 *    `x-amzn-waf-action: captcha`, DataDome's header on a refusal);
 * 2. a marker that only a challenge page holds: the challenge script's host or variable, the
 *    captcha form's action (`window._cf_chl_opt`, `/errors/validateCaptcha`,
 *    `captcha-delivery.com`, `id="px-captcha"`, `window.gokuProps`, "Incapsula incident ID");
 * 3. weaker signs: a challenge title ("Just a moment...", "Robot Check", "Access Denied"), a
 *    challenge sentence ("Enter the characters you see below", "Press & Hold") or a captcha
 *    widget (reCAPTCHA, hCaptcha, Turnstile). On a page with nothing that says "product"
 *    (JSON-LD or microdata Product, og:type product, a price tag), a refusal status (403, 405,
 *    429, 503) with one of them is a bot wall; a successful page needs two different kinds. Normal shop pages
 *    load reCAPTCHA for their sign-in or newsletter forms and Cloudflare's or PerimeterX's
 *    detection scripts on every page: none of those alone is a wall.
 *
 * Works on the raw HTML with regular expressions (no DOM parse: a product page of a few MB is
 * scanned in a few milliseconds); only a page's `<title>` text is decoded with cheerio.
 */

export type BotWallVendor =
  | 'cloudflare'
  | 'amazon'
  | 'datadome'
  | 'perimeterx'
  | 'imperva'
  | 'akamai'
  | 'aws-waf'
  | 'kasada'
  | 'captcha';

export interface BotWall {
  vendor: BotWallVendor;
  /** What gave it away (for the logs). */
  evidence: string;
}

export interface AnsweredPage {
  status: number;
  headers: IncomingHttpHeaders;
  html: string;
}

/** The statuses anti-bot services refuse with; only these bodies are read when not 2xx. */
export const REFUSAL_STATUSES: ReadonlySet<number> = new Set([403, 405, 429, 503]);

const HEADER_MARKERS: Array<{ vendor: BotWallVendor; test: (h: IncomingHttpHeaders, status: number) => boolean; evidence: string }> = [
  { vendor: 'cloudflare', evidence: 'cf-mitigated header', test: (h) => /challenge/i.test(String(h['cf-mitigated'] ?? '')) },
  { vendor: 'aws-waf', evidence: 'x-amzn-waf-action header', test: (h) => /captcha|challenge/i.test(String(h['x-amzn-waf-action'] ?? '')) },
  // DataDome sets x-datadome on every answer it protects; with a refusal status it is its wall.
  { vendor: 'datadome', evidence: 'x-datadome header on a refusal', test: (h, status) => h['x-datadome'] !== undefined && REFUSAL_STATUSES.has(status) },
];

/** Markers found only on challenge / block pages (never on the pages they protect). */
const PAGE_MARKERS: Array<{ vendor: BotWallVendor; pattern: RegExp }> = [
  // Cloudflare's interstitial ("Just a moment..."): its options object and orchestrate script.
  // Protected pages only carry /cdn-cgi/challenge-platform/scripts/jsd/main.js (not matched).
  { vendor: 'cloudflare', pattern: /window\._cf_chl_opt\b|\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate\/|\bid=["']?(?:challenge-form|cf-challenge-running|challenge-running)\b/i },
  // Amazon's "Robot Check" / "Click the button below to continue shopping".
  { vendor: 'amazon', pattern: /action=["']?\/errors\/validateCaptcha\b/i },
  // DataDome's captcha and interstitial are served from captcha-delivery.com.
  { vendor: 'datadome', pattern: /\b(?:geo|ct|interstitial|c)\.captcha-delivery\.com\b/i },
  // PerimeterX / HUMAN "Press & Hold": its captcha element and script host.
  { vendor: 'perimeterx', pattern: /\bid=["']?px-captcha\b|\bcaptcha\.px-cdn\.net\b|\bcaptcha\.px-cloud\.net\b/i },
  // Imperva (Incapsula) block page.
  { vendor: 'imperva', pattern: /Incapsula incident ID/i },
  // AWS WAF's challenge / captcha page.
  { vendor: 'aws-waf', pattern: /window\.gokuProps\s*=/i },
];

/** Titles of challenge and block pages (English and the languages shops answer in). */
const CHALLENGE_TITLE =
  /^(?:just a moment|un instant|einen moment|un momento|un attimo|één moment|attention required|robot check|are you a (?:human|robot)|access denied|access to this page has been denied|pardon our interruption|security check|(?:please )?verify(?:ing)? (?:that )?you are (?:a )?human|human verification|bot (?:verification|check)|checking your browser|captcha|vérification de sécurité|êtes-vous un robot|one more step|request unsuccessful|ddos-guard)(?![a-z0-9])/i;

/** Sentences of challenge pages (matched on the page's text, entities and quotes normalised). */
const CHALLENGE_TEXT = new RegExp(
  [
    'enter the characters you see below',
    "make sure you(?:'| a)re not a robot",
    'press (?:&|and) hold',
    'verify (?:that )?you are (?:a )?human',
    'checking your browser before accessing',
    'checking if the site connection is secure',
    'enable javascript and cookies to continue',
    'unusual traffic from your (?:computer )?network',
    'sorry, you have been blocked',
    'you don\'t have permission to access .{0,200} on this server',
    'why do i have to complete a captcha',
    'please complete the security check',
    "v[ée]rifi(?:ons|er) que vous (?:n'[êe]tes|êtes) (?:pas )?(?:un )?(?:robot|humain)",
  ].join('|'),
  'i',
);

/** A captcha widget or challenge script embedded in the page. */
const CAPTCHA_WIDGET =
  /class=["'][^"']*\b(?:g-recaptcha|h-captcha|cf-turnstile|geetest_)|\b(?:hcaptcha\.com\/1\/api\.js|challenges\.cloudflare\.com\/turnstile|funcaptcha|arkoselabs\.com)|\bwindow\.KPSDK\b/i;

/** Signs that the page sells a product: then weak signs on a successful page are not a wall. */
const PRODUCT_SIGNS =
  /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?Product(?:Group)?"|itemtype=["']https?:\/\/schema\.org\/Product["']|property=["']og:type["']\s+content=["'][^"']{0,100}product|content=["'][^"']{0,100}product[^"']{0,100}["']\s+property=["']og:type["']|(?:product|og):price:amount/i;

function titleOf(html: string): string {
  const match = /<title\b[^<>]*>([\s\S]{0,600}?)<\/title>/i.exec(html);
  if (!match) return '';
  return load(`<p>${match[1]}</p>`)('p').text().replace(/\s+/g, ' ').trim();
}

const CODE_START = /<(script|style|noscript|template)\b/gi;

/** The page without its scripts, styles, noscript and template contents (each up to its end tag). */
function withoutCode(html: string): string {
  const parts: string[] = [];
  const unclosed = new Set<string>();
  let from = 0;
  CODE_START.lastIndex = 0;
  for (let start = CODE_START.exec(html); start; start = CODE_START.exec(html)) {
    const name = start[1].toLowerCase();
    if (unclosed.has(name)) continue;
    const end = new RegExp(`</${name}\\s*>`, 'gi');
    end.lastIndex = CODE_START.lastIndex;
    // Searched once per name when missing: a page of unclosed <script>s stays linear.
    if (!end.exec(html)) {
      unclosed.add(name);
      continue;
    }
    parts.push(html.slice(from, start.index), ' ');
    from = end.lastIndex;
    CODE_START.lastIndex = from;
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/**
 * The page's text for the sentence search: tags dropped (scripts and styles first), entities and
 * quotes normalised. Every pattern stops at the next `<` or is bounded, so a crafted page (a
 * `<` never closed, thousands of unclosed `<script>`) is scanned in time linear in its size.
 */
function textOf(html: string): string {
  return withoutCode(html)
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&(?:#0*39|#x0*27|apos|rsquo|lsquo);|[’‘]/gi, "'")
    .replace(/&(?:amp|#0*38|#x0*26);/gi, '&')
    .replace(/&(?:nbsp|#160|#xa0);|\u00a0/gi, ' ')
    .replace(/\s+/g, ' ');
}

/** The bot wall this answer is, or null for a page that can be read. */
export function detectBotWall({ status, headers, html }: AnsweredPage): BotWall | null {
  for (const marker of HEADER_MARKERS) {
    if (marker.test(headers, status)) return { vendor: marker.vendor, evidence: marker.evidence };
  }
  for (const marker of PAGE_MARKERS) {
    const found = marker.pattern.exec(html);
    if (found) return { vendor: marker.vendor, evidence: found[0] };
  }

  const refusal = REFUSAL_STATUSES.has(status);
  const signs: string[] = [];
  const title = titleOf(html);
  if (CHALLENGE_TITLE.test(title)) signs.push(`title "${title.slice(0, 60)}"`);
  const widget = CAPTCHA_WIDGET.exec(html);
  if (widget) signs.push(`widget ${widget[0].slice(0, 60)}`);
  // A successful page needs two kinds of sign: without a title or a widget, its text is not
  // worth scanning (the costly part on a page of a few MB).
  if (!refusal && signs.length === 0) return null;
  if (PRODUCT_SIGNS.test(html)) return null;
  const sentence = CHALLENGE_TEXT.exec(textOf(html));
  if (sentence) signs.push(`text "${sentence[0].slice(0, 60)}"`);
  if (signs.length >= (refusal ? 1 : 2)) return { vendor: vendorOf(html), evidence: signs.join(', ') };
  return null;
}

function vendorOf(html: string): BotWallVendor {
  if (/cloudflare/i.test(html)) return 'cloudflare';
  if (/KPSDK/.test(html)) return 'kasada';
  // Akamai's "Access Denied … Reference #18.…" page links errors.edgesuite.net (entity-encoded).
  if (/akamai|errors(?:\.|&#46;)edgesuite(?:\.|&#46;)net/i.test(html)) return 'akamai';
  return 'captcha';
}
