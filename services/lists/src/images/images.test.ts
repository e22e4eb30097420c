import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createService } from '@wishlist/service-kit';
import { IMAGE_PATH, NO_IMAGE, pictureSources } from '@wishlist/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { listsConfig } from '../config';
import { createImagesRouter, negotiateFormat, pictureOf, productPictureOf, type ImagesConfig, type ImagesDeps } from './index';
import { pictureUrlOf } from './sign';

/* A local shop serving pictures; it counts what it is asked. ------------------------------ */

let shop: http.Server;
let shopPort: number;
const hits: string[] = [];
const files = new Map<string, { type: string; body: Buffer }>();

beforeAll(async () => {
  files.set('/photo.jpg', { type: 'image/jpeg', body: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' } }).jpeg().toBuffer() });
  files.set('/small.png', { type: 'image/png', body: await sharp({ create: { width: 200, height: 150, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } } }).png().toBuffer() });
  files.set('/untyped', { type: 'application/octet-stream', body: files.get('/photo.jpg')!.body });
  files.set('/drawing.svg', { type: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="file:///etc/passwd"/></svg>') });
  files.set('/page.html', { type: 'text/html', body: Buffer.from('<html><title>Not a picture</title></html>') });
  files.set('/garbage.jpg', { type: 'image/jpeg', body: Buffer.from('definitely not a jpeg') });
  shop = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/moved.jpg') {
      res.writeHead(302, { Location: '/photo.jpg' });
      return res.end();
    }
    if (req.url === '/to-metadata.jpg') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    const file = files.get(req.url ?? '');
    if (!file) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': file.type });
    res.end(file.body);
  });
  shop.listen(0, '127.0.0.1');
  await once(shop, 'listening');
  shopPort = (shop.address() as AddressInfo).port;
});
afterAll(() => {
  shop.closeAllConnections();
  shop.close();
});
beforeEach(() => {
  hits.length = 0;
});

const baseConfig = listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
function appWith(overrides: Partial<ImagesConfig> = {}, deps: ImagesDeps = {}) {
  const config = { ...baseConfig, pageFetchTimeoutMs: 3000, pageFetchAllowlist: `127.0.0.1:${shopPort}`, ...overrides };
  return createService({ name: 'lists', config, usesDatabase: false, routes: (router) => router.use(createImagesRouter(config, deps)) }).app;
}
const shopUrl = (path: string) => `http://127.0.0.1:${shopPort}${path}`;
const WEBP_FIRST = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

async function getPicture(app: ReturnType<typeof appWith>, path: string, width?: number, accept = WEBP_FIRST) {
  const picture = pictureOf(shopUrl(path))!;
  return request(app)
    .get(width === undefined ? picture : `${picture}?w=${width}`)
    .set('Accept', accept)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

describe('signed picture URLs', () => {
  it('stand for the shop picture they were made from, and for nothing else', () => {
    const url = 'https://shop.example/images/lamp – brass.jpg?size=XL&v=2';
    const picture = pictureOf(url)!;
    expect(picture.startsWith(`${IMAGE_PATH}/`)).toBe(true);
    const token = picture.slice(IMAGE_PATH.length + 1);
    expect(pictureUrlOf(token)).toBe(url);
    // Another address with the same signature, a cut signature, no signature: refused.
    const [data, mac] = token.split('.');
    expect(pictureUrlOf(`${Buffer.from('http://169.254.169.254/').toString('base64url')}.${mac}`)).toBeNull();
    expect(pictureUrlOf(`${data}.${mac.slice(0, -2)}`)).toBeNull();
    expect(pictureUrlOf(data)).toBeNull();
    expect(pictureUrlOf(`${data}.!!`)).toBeNull();
  });

  it('of a stored product are short whatever the address, and name that product and that picture only', async () => {
    const longUrl = `https://shop.example/${'p'.repeat(2000)}.jpg`;
    const product = '6b0633000000000000000001';
    const other = '6b0633000000000000000002';
    const picture = productPictureOf(product, longUrl)!;
    expect(picture.length).toBeLessThanOrEqual(IMAGE_PATH.length + 1 + 24 + 1 + 22);
    expect(pictureOf(longUrl)!.length).toBeGreaterThan(2700);
    expect(productPictureOf(product, NO_IMAGE)).toBeUndefined();
    expect(productPictureOf('not-an-id', longUrl)).toBeUndefined();

    const images = new Map([
      [product, shopUrl('/photo.jpg')],
      [other, shopUrl('/small.png')],
    ]);
    const reads: string[] = [];
    const app = appWith({}, { productImage: async (id) => (reads.push(id), images.get(id) ?? null) });
    const token = productPictureOf(product, shopUrl('/photo.jpg'))!;
    const ok = await request(app).get(`${token}?w=96`).set('Accept', WEBP_FIRST);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    // Another product's id under this signature, a cut signature: refused without a fetch.
    const mac = token.split('.')[1];
    hits.length = 0;
    expect((await request(app).get(`${IMAGE_PATH}/${other}.${mac}`)).status).toBe(404);
    expect((await request(app).get(`${token.slice(0, -3)}?w=96`)).status).toBe(404);
    expect(hits).toEqual([]);
    // The product's picture changed: a link signed for the new one works, a fresh link for the old one does not.
    images.set(other, shopUrl('/photo.jpg'));
    const stale = productPictureOf(other, shopUrl('/small.png'))!;
    expect((await request(app).get(stale)).status).toBe(404);
    expect((await request(app).get(productPictureOf(other, shopUrl('/photo.jpg'))!)).status).toBe(200);
    // A product that is gone has no picture.
    images.delete(product);
    expect((await request(app).get(productPictureOf(product, shopUrl('/small.png'))!)).status).toBe(404);
    expect(reads.length).toBeGreaterThan(0);
  });

  it('exist only for http(s) pictures: the placeholder and data: URIs have none', () => {
    expect(pictureOf(NO_IMAGE)).toBeUndefined();
    expect(pictureOf('data:image/png;base64,AAAA')).toBeUndefined();
    expect(pictureOf('')).toBeUndefined();
    expect(pictureOf('http://shop.example/a.png')).toMatch(/^\/api\/images\//);
  });

  it('give src and srcset up to twice the place they fill', () => {
    expect(pictureSources('/api/images/x', 150)).toEqual({
      src: '/api/images/x?w=160',
      srcSet: '/api/images/x?w=96 96w, /api/images/x?w=160 160w, /api/images/x?w=240 240w, /api/images/x?w=320 320w',
    });
    expect(pictureSources('/api/images/x', 44).srcSet).toBe('/api/images/x?w=96 96w');
  });
});

describe('GET /api/images/{token}', () => {
  let app: ReturnType<typeof appWith>;
  beforeAll(() => {
    app = appWith();
  });

  it('resizes a large shop photo to the width asked, as WebP, cacheable by browsers; one fetch serves every size', async () => {
    const res = await getPicture(app, '/photo.jpg', 320);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    expect((res.body as Buffer).length).toBeLessThan(files.get('/photo.jpg')!.body.length / 4);

    const again = await Promise.all([getPicture(app, '/photo.jpg', 640), getPicture(app, '/photo.jpg', 320), getPicture(app, '/photo.jpg')]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await sharp(again[0].body as Buffer).metadata()).width).toBe(640);
    expect((await sharp(again[2].body as Buffer).metadata()).width).toBe(320); // the default width
    expect(hits).toEqual(['/photo.jpg']);
  });

  it('answers JPEG to a browser without WebP, PNG when the picture is transparent, and never enlarges', async () => {
    const jpeg = await getPicture(app, '/photo.jpg', 160, 'image/png,image/*');
    expect([jpeg.headers['content-type'], (await sharp(jpeg.body as Buffer).metadata()).width]).toEqual(['image/jpeg', 160]);
    const png = await getPicture(app, '/small.png', 960, 'image/*');
    const meta = await sharp(png.body as Buffer).metadata();
    expect([png.headers['content-type'], meta.width, meta.hasAlpha]).toEqual(['image/png', 200, true]);
    expect(negotiateFormat('image/webp', true)).toBe('webp');
  });

  it('follows a redirect and reads a picture served as octet-stream', async () => {
    expect((await getPicture(app, '/moved.jpg', 96)).status).toBe(200);
    expect((await getPicture(app, '/untyped', 96)).headers['content-type']).toBe('image/webp');
  });

  it('refuses what is not one of our pictures or not a width we serve, with a JSON error', async () => {
    const forged = await request(app).get(`${IMAGE_PATH}/${Buffer.from(shopUrl('/photo.jpg')).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA?w=320`);
    expect([forged.status, forged.body.error.code]).toEqual([404, 'image_not_found']);
    const oddWidth = await request(app).get(`${pictureOf(shopUrl('/photo.jpg'))}?w=333`);
    expect([oddWidth.status, oddWidth.body.error.code]).toEqual([400, 'bad_request']);
    expect((await request(app).get(`${pictureOf(shopUrl('/photo.jpg'))}?w=abc`)).status).toBe(400);
    expect(hits).toEqual([]);
  });

  it('never passes on what is not a picture: SVG, HTML, broken bytes, a missing file are a 502 JSON error', async () => {
    for (const path of ['/drawing.svg', '/page.html', '/garbage.jpg', '/gone.jpg']) {
      const res = await request(app).get(`${pictureOf(shopUrl(path))}?w=96`).set('Accept', WEBP_FIRST);
      expect([path, res.status, res.headers['content-type'], res.body.error?.code]).toEqual([path, 502, 'application/json; charset=utf-8', 'image_unavailable']);
    }
    // A failure is remembered for a minute: the shop is not asked again at once.
    hits.length = 0;
    expect((await request(app).get(`${pictureOf(shopUrl('/gone.jpg'))}?w=96`)).status).toBe(502);
    expect(hits).toEqual([]);
  });

  it('goes through the SSRF guard: a private address or a redirect to cloud metadata is never fetched', async () => {
    const guarded = appWith({ pageFetchAllowlist: '' });
    const res = await request(guarded).get(`${pictureOf(shopUrl('/photo.jpg'))}?w=96`);
    expect([res.status, res.body.error.code]).toEqual([502, 'image_unavailable']);
    expect(hits).toEqual([]);
    const redirected = await request(app).get(`${pictureOf(shopUrl('/to-metadata.jpg'))}?w=96`);
    expect(redirected.status).toBe(502);
    expect(hits).toEqual(['/to-metadata.jpg']);
  });
});
