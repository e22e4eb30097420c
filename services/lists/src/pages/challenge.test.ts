import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectBotWall } from './challenge';
import { extractMetadata } from './metadata';

const fixtures = path.join(__dirname, 'fixtures');
const read = (dir: string) =>
  readdirSync(path.join(fixtures, dir))
    .filter((f) => f.endsWith('.html'))
    .map((file) => ({ file, html: readFileSync(path.join(fixtures, dir, file), 'utf8') }));
const walls = read('walls');
const products = read('products');

describe('detectBotWall', () => {
  it('has pages to check', () => {
    expect(walls.length).toBeGreaterThanOrEqual(10);
    expect(products.length).toBeGreaterThanOrEqual(4);
  });

  it.each(walls.map((w) => [w.file, w.html] as const))('recognises %s with the status it comes with', (file, html) => {
    const status = Number(file.slice(0, 3));
    expect(detectBotWall({ status, headers: {}, html })).toEqual({ vendor: expect.any(String), evidence: expect.any(String) });
  });

  it('names the service behind the best-known walls', () => {
    const vendor = (file: string) => {
      const wall = walls.find((w) => w.file === file)!;
      return detectBotWall({ status: Number(file.slice(0, 3)), headers: {}, html: wall.html })?.vendor;
    };
    expect(vendor('403-cloudflare-just-a-moment.html')).toBe('cloudflare');
    expect(vendor('200-amazon-continue-shopping.html')).toBe('amazon');
    expect(vendor('403-datadome.html')).toBe('datadome');
    expect(vendor('403-perimeterx-press-and-hold.html')).toBe('perimeterx');
    expect(vendor('403-imperva.html')).toBe('imperva');
    expect(vendor('202-aws-waf.html')).toBe('aws-waf');
    expect(vendor('403-akamai-access-denied.html')).toBe('akamai');
  });

  it.each(products.map((p) => [p.file, p.html] as const))('reads %s as a product page, not a wall', (_file, html) => {
    expect(detectBotWall({ status: 200, headers: {}, html })).toBeNull();
  });

  it('takes the words of a wall on a page that answers 200 only with a second sign', () => {
    const titleOnly = '<html><head><title>Access Denied</title></head><body><p>Our store is closed today.</p></body></html>';
    expect(detectBotWall({ status: 200, headers: {}, html: titleOnly })).toBeNull();
    const withWidget = titleOnly.replace('</body>', '<div class="g-recaptcha" data-sitekey="x"></div></body>');
    expect(detectBotWall({ status: 200, headers: {}, html: withWidget })).not.toBeNull();
    // The same page as a refusal is a wall with one sign.
    expect(detectBotWall({ status: 403, headers: {}, html: titleOnly })).not.toBeNull();
  });

  it('recognises a wall by the headers of the answer', () => {
    const empty = '<!doctype html><html><head><title>shop.example</title></head><body></body></html>';
    expect(detectBotWall({ status: 403, headers: { 'cf-mitigated': 'challenge' }, html: empty })?.vendor).toBe('cloudflare');
    expect(detectBotWall({ status: 405, headers: { 'x-amzn-waf-action': 'captcha' }, html: empty })?.vendor).toBe('aws-waf');
    expect(detectBotWall({ status: 403, headers: { 'x-datadome': 'protected' }, html: empty })?.vendor).toBe('datadome');
    // DataDome marks every page it protects: on a successful answer the header says nothing.
    expect(detectBotWall({ status: 200, headers: { 'x-datadome': 'protected' }, html: empty })).toBeNull();
  });

  it('does not take a refusal without any sign of a wall for one', () => {
    const plain = '<!doctype html><html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1></body></html>';
    expect(detectBotWall({ status: 403, headers: {}, html: plain })).toBeNull();
    const notFound = '<!doctype html><html><head><title>Page not found</title></head><body><div class="g-recaptcha"></div></body></html>';
    expect(detectBotWall({ status: 404, headers: {}, html: notFound })).toBeNull();
  });

  it('leaves the metadata of the decoy product pages readable', () => {
    const board = products.find((p) => p.file === 'newsletter-recaptcha.html')!;
    expect(extractMetadata(board.html, 'https://woodworks.example/board').title).toBe('Walnut cutting board');
  });

  // It runs on the thread that answers every request, on pages their authors write: a crafted
  // page must cost about what an ordinary page of its size costs (it once cost minutes).
  it('scans a crafted page in time linear in its size, like an ordinary page of that size', () => {
    const size = 1024 * 1024;
    const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length));
    const title = '<title>Just a moment...</title>';
    const time = (html: string) => {
      const started = performance.now();
      detectBotWall({ status: 403, headers: {}, html });
      return performance.now() - started;
    };
    const ordinary = `${title}${fill('<p class="x">Some words of a page.</p>')}`;
    time(ordinary);
    const baseline = Math.min(time(ordinary), time(ordinary));
    const crafted = {
      unclosedScripts: `${title}${fill('<script>')}`,
      tagNeverClosed: `${title}${fill('<a')}`,
      titleNeverClosed: fill('<title'),
      productInOneValue: `${title}<meta content="${fill('product')}`,
      entities: `${title}${fill('&#0000')}`,
    };
    for (const [name, html] of Object.entries(crafted)) {
      const ms = time(html);
      expect({ name, slow: ms > Math.max(20 * baseline, 1000) }).toEqual({ name, slow: false });
    }
  });
});
