/**
 * Hit rate of `extractMetadata` on the real shop pages of the steering corpus
 * (`../shared/fixtures/product-pages` from the repo root; not part of this repository, not
 * redistributable). `npm run bench:metadata -w services/lists`; `--verbose` prints every miss.
 *
 * - title: exact, or equal after normalising (Unicode NFKC, case, whitespace, quotes/dashes);
 *   `expected_contains` pages: substring.
 * - image: equal after dropping the protocol (fixtures may be protocol-relative); top-1, top-5
 *   and anywhere in the candidates (at most 30) are reported.
 * - price: equal in cents; a `null` expectation means no price may be extracted.
 * - the captcha page: no price and no product title may be extracted.
 * - bot walls (`detectBotWall`, as the fetch answers them with status 200): the captcha page must
 *   be recognised, no product page may be taken for a wall.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectBotWall } from '../src/pages/challenge';
import { decodeHtml } from '../src/pages/decode';
import { extractMetadata } from '../src/pages/metadata';
import { parsePriceToCents } from '../src/pages/price';

interface Page {
  file: string;
  url?: string;
  captcha?: boolean;
  expected: { title?: string; image?: string; price?: number | string | null; currency?: string };
  expected_contains?: { title?: string };
}

const repoRoot = path.resolve(__dirname, '../../..');
const dir = path.resolve(repoRoot, '../shared/fixtures/product-pages');
const manifestPath = path.join(dir, 'manifest.json');
const verbose = process.argv.includes('--verbose');

if (!existsSync(manifestPath)) {
  console.log(`No fixture corpus at ${dir}: nothing to measure (the corpus is not part of this repository).`);
  process.exit(0);
}

const pages = JSON.parse(readFileSync(manifestPath, 'utf8')) as Page[];

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u0080-\u009f]/g, '') // C1 controls: a page read with the wrong charset upstream
    .replace(/[‘’´`]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
const noProtocol = (u: string) => u.replace(/^https?:/i, '');

interface Tally {
  hit: number;
  total: number;
}
const tally = () => ({ hit: 0, total: 0 });
const score = { title: tally(), image1: tally(), image5: tally(), imageAny: tally(), price: tally(), currency: tally(), negative: tally(), wall: tally(), notWall: tally() };
const count = (t: Tally, ok: boolean) => {
  t.total += 1;
  if (ok) t.hit += 1;
};
const misses: string[] = [];
let totalMs = 0;

for (const page of pages) {
  const html = decodeHtml(readFileSync(path.join(dir, page.file)));
  const started = performance.now();
  const meta = extractMetadata(html, page.url ?? 'https://shop.example/product');
  totalMs += performance.now() - started;
  const { expected } = page;
  const wall = detectBotWall({ status: 200, headers: {}, html });
  count(page.captcha ? score.wall : score.notWall, page.captcha ? wall !== null : wall === null);
  if ((wall !== null) !== Boolean(page.captcha)) misses.push(`${page.file} bot wall: ${JSON.stringify(wall)}`);

  if (page.captcha) {
    const ok = meta.price === null;
    count(score.negative, ok);
    if (!ok || verbose) misses.push(`${page.file} (captcha): price=${meta.price} title=${JSON.stringify(meta.title)}`);
    continue;
  }
  if (expected.title !== undefined || page.expected_contains?.title !== undefined) {
    const got = meta.title ?? '';
    const ok =
      expected.title !== undefined
        ? got === expected.title || norm(got) === norm(expected.title)
        : norm(got).includes(norm(page.expected_contains!.title!));
    count(score.title, ok);
    if (!ok) misses.push(`${page.file} title: got ${JSON.stringify(got)} want ${JSON.stringify(expected.title ?? page.expected_contains?.title)}`);
  }
  if (expected.image !== undefined) {
    const want = noProtocol(expected.image);
    const at = meta.images.findIndex((img) => noProtocol(img) === want);
    count(score.image1, at === 0);
    count(score.image5, at >= 0 && at < 5);
    count(score.imageAny, at >= 0);
    if (at !== 0) misses.push(`${page.file} image: at ${at} of ${meta.images.length}; first ${meta.images[0]} want ${expected.image}`);
  }
  if ('price' in expected) {
    const want = expected.price === null ? null : typeof expected.price === 'number' ? Math.round(expected.price * 100) : parsePriceToCents(expected.price);
    const ok = meta.price === want;
    count(score.price, ok);
    if (!ok) misses.push(`${page.file} price: got ${meta.price} ${meta.currency} want ${want}`);
  }
  if (expected.currency !== undefined) {
    const ok = meta.currency === expected.currency;
    count(score.currency, ok);
    if (!ok) misses.push(`${page.file} currency: got ${meta.currency} want ${expected.currency}`);
  }
}

const pct = (t: Tally) => `${t.hit}/${t.total} (${t.total ? Math.round((100 * t.hit) / t.total) : 0} %)`;
console.log(`extractMetadata on ${pages.length} pages (${Math.round(totalMs)} ms in all)`);
console.log(`  title           ${pct(score.title)}`);
console.log(`  image top-1     ${pct(score.image1)}`);
console.log(`  image top-5     ${pct(score.image5)}`);
console.log(`  image any (≤30) ${pct(score.imageAny)}`);
console.log(`  price           ${pct(score.price)}`);
console.log(`  currency        ${pct(score.currency)}`);
console.log(`  captcha page    ${pct(score.negative)} (no price, no product)`);
console.log(`  bot wall        ${pct(score.wall)} recognised; product pages read as pages ${pct(score.notWall)}`);
if (verbose || process.argv.includes('--misses')) for (const m of misses) console.log(`  - ${m}`);
