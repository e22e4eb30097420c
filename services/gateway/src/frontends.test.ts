import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import request from 'supertest';
import { createMailer } from '@wishlist/service-kit';
import { createGateway } from './app';
import { cacheControlFor, IMMUTABLE } from './frontends';
import { versionOfBuild } from './releases';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());
const gateway = (env: Record<string, string> = {}) => createGateway(configFor(fe.root, env)).app;
const html = { Accept: 'text/html,application/xhtml+xml' };

/**
 * A raw http.get on a listening copy of the app: the bytes and headers as sent (supertest and fetch
 * ask for gzip on their own, and decode what they get).
 */
async function rawGet(app: ReturnType<typeof gateway>, path: string, headers: Record<string, string> = {}) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<IncomingMessage>((ok, fail) => get(`http://127.0.0.1:${port}${path}`, { headers }, ok).on('error', fail));
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { res, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

describe('static front ends', () => {
  const app = gateway();

  it('serves the shell at / without caching index.html', async () => {
    const res = await request(app).get('/').set(html);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Wishlist</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for HTML navigations to app routes', async () => {
    for (const path of ['/authenticate', '/fr/see/abc123', '/validate-email/t1/999']) {
      const res = await request(app).get(path).set(html);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not fall back for missing files, /api, /remotes, /internal, /dev', async () => {
    expect((await request(app).get('/static/js/missing.12345678.js')).status).toBe(404);
    for (const path of ['/api/nope', '/remotes/content/nope.js', '/internal/introspect', '/dev/nope']) {
      const res = await request(app).get(path).set(html);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('caches hashed chunks for a year and revalidates the rest', async () => {
    const chunk = await request(app).get('/static/js/index.abcd1234.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await request(app).get('/favicon.ico')).headers['cache-control']).toBe('no-cache');
    const manifest = await request(app).get('/remotes/content/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/remotes/content/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/remotes/content/static/js/async/123.0f1e2d3c4b5a.js')).headers['cache-control']).toBe(IMMUTABLE);
    expect(cacheControlFor('static/css/index.0a1b2c3d.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('mf-manifest.json')).toBe('no-cache');
  });

  it('compresses responses', async () => {
    writeFileSync(join(fe.root, 'shell/dist/big.txt'), 'wish '.repeat(2000));
    const res = await request(app).get('/big.txt').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe('wish '.repeat(2000));
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('answers identity bytes, with Vary, to a client that accepts no encoding', async () => {
    writeFileSync(join(fe.root, 'shell/dist/big.txt'), 'wish '.repeat(2000));
    const { res, body } = await rawGet(app, '/big.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(body.toString()).toBe('wish '.repeat(2000));
  });
});

describe('precompressed files: brotli at its best quality, written by the build', () => {
  const app = gateway();
  const js = 'export const wish = "a gift";\n'.repeat(200);
  const br = brotliCompressSync(Buffer.from(js));
  beforeAll(() => {
    mkdirSync(join(fe.root, 'remote-content/dist/static/js/async'), { recursive: true });
    writeFileSync(join(fe.root, 'remote-content/dist/static/js/async/9.0f1e2d3c4b.js'), js);
    writeFileSync(join(fe.root, 'remote-content/dist/static/js/async/9.0f1e2d3c4b.js.br'), br);
    writeFileSync(join(fe.root, 'shell/dist/plain.css'), 'a { color: red }\n'.repeat(200));
  });
  const raw = async (path: string, acceptEncoding: string, method = 'GET') => {
    const res = await request(app)[method === 'HEAD' ? 'head' : 'get'](path).set('Accept-Encoding', acceptEncoding).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    return res;
  };

  it('sends the .br file to a browser that accepts brotli, typed and cached as the file itself', async () => {
    const res = await raw('/remotes/content/static/js/async/9.0f1e2d3c4b.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toContain('Accept-Encoding');
    // The build's bytes as they are (the client decodes them).
    expect(Number(res.headers['content-length'])).toBe(br.length);
    expect((res.body as Buffer).toString()).toBe(js);
  });

  it('sends the file itself (compressed on the fly) to a client that does not accept brotli', async () => {
    const res = await request(app).get('/remotes/content/static/js/async/9.0f1e2d3c4b.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(js);
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('falls back to the file when the build wrote no .br beside it', async () => {
    const res = await request(app).get('/plain.css').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    // Compressed on the fly by the compression middleware instead.
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses on the fly at brotli quality 6, not the middleware default of 4 (the first view of a shared list in one round trip)', async () => {
    const words = ['gift', 'wish', 'lamp', 'wooden', 'chair', 'blue', 'kettle', 'garden', 'book', 'scarf', 'oak', 'linen'];
    const cards = Array.from({ length: 400 }, (_, i) => `<li data-id="p${(i * 7919) % 100003}"><a href="/see/${i}">${words[i % 12]} ${words[(i * 5) % 12]} ${(i * 37) % 997} €</a></li>`);
    const page = `<ul>${cards.join('')}</ul>`;
    writeFileSync(join(fe.root, 'shell/dist/cards.html'), page);
    const at = (quality: number) => brotliCompressSync(Buffer.from(page), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } }).length;
    const { res, body } = await rawGet(app, '/cards.html', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(body).toString()).toBe(page);
    expect(body.length).toBeLessThan(at(4));
    expect(body.length).toBeLessThanOrEqual(Math.ceil(at(6) * 1.01));
  });

  it('answers HEAD with the .br length, and a missing file is still a 404', async () => {
    const head = await raw('/remotes/content/static/js/async/9.0f1e2d3c4b.js', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(br.length);
    const missing = await request(app).get('/remotes/content/static/js/async/missing.0f1e2d3c4b.js').set('Accept-Encoding', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });
});

describe('installable app: manifest, service worker, share target', () => {
  const app = gateway();

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const res = await request(app).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.text).share_target.action).toBe('/share-target');
  });

  it('serves the service worker and the offline page no-cache (a new deployment is seen on the next load)', async () => {
    const sw = await request(app).get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/offline.html')).headers['cache-control']).toBe('no-cache');
  });

  it('renders the shell for /share-target with what Android shares in the query', async () => {
    const res = await request(app).get('/share-target?title=Kite&text=Look%20https%3A%2F%2Fshop.example%2Fkite%3Fa%3D1%26b%3D2').set(html);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('allows the manifest and the worker from this origin only (CSP)', async () => {
    const policy = String((await request(app).get('/').set(html)).headers['content-security-policy']);
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("worker-src 'self'");
  });
});

describe('/remotes.json', () => {
  it('lists the built remotes with their live version, and the affiliate script, no-cache', async () => {
    const res = await request(gateway()).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // A build without buildVersion in its manifest: 0.0.0 and the hash of its entry and manifest.
    expect(versionOfBuild(join(fe.root, 'remote-content/dist'))).toMatch(/^0\.0\.0\+[0-9a-f]{8}$/);
    expect(res.body).toEqual({
      remotes: [{ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: versionOfBuild(join(fe.root, 'remote-content/dist')) }],
      affiliation: { scriptUrl: 'https://s.skimresources.com/js/wishlist.skimlinks.js' },
    });
  });

  it('picks up a remote built after start', async () => {
    const app = gateway();
    mkdirSync(join(fe.root, 'remote-lists/dist'), { recursive: true });
    writeFileSync(join(fe.root, 'remote-lists/dist/mf-manifest.json'), '{}');
    const res = await request(app).get('/remotes.json');
    expect(res.body.remotes.map((r: { name: string }) => r.name)).toEqual(['remote_content', 'remote_lists']);
  });

  it('has no affiliate script when VITE_DEACTIVATE_AFFILIATION=true', async () => {
    const res = await request(gateway({ VITE_DEACTIVATE_AFFILIATION: 'true' })).get('/remotes.json');
    expect(res.body.affiliation).toEqual({ scriptUrl: null });
    const other = await request(gateway({ VITE_DEACTIVATE_AFFILIATION: 'yes' })).get('/remotes.json');
    expect(other.body.affiliation.scriptUrl).not.toBeNull();
  });

  it('takes REMOTES from the environment, or the dev servers in dev mode', async () => {
    const remotes = [{ name: 'remote_auth', entry: 'https://cdn.example/auth/mf-manifest.json' }];
    const res = await request(gateway({ REMOTES: JSON.stringify(remotes) })).get('/remotes.json');
    expect(res.body.remotes).toEqual(remotes);
    const dev = await request(gateway({ FRONTEND_DEV: 'true' })).get('/remotes.json');
    expect(dev.body.remotes[0]).toEqual({ name: 'remote_content', entry: 'http://localhost:3001/mf-manifest.json' });
    expect(() => configFor(fe.root, { REMOTES: '[{"name":1}]' })).toThrow(/REMOTES/);
  });
});

describe('security headers', () => {
  const csp = (res: request.Response) => String(res.headers['content-security-policy']);

  it('admits extra image origins only when configured (CSP_IMG_SRC_EXTRA)', async () => {
    const res = await request(gateway({ CSP_IMG_SRC_EXTRA: 'http://localhost:18082, http://127.0.0.1:18082/x' })).get('/').set(html);
    expect(csp(res)).toContain("img-src 'self' data: http://localhost:18082 http://127.0.0.1:18082;");
    expect(() => gateway({ CSP_IMG_SRC_EXTRA: 'javascript:alert(1)' })).toThrow();
  });

  it('sends a CSP admitting only what the app loads', async () => {
    const res = await request(gateway()).get('/').set(html);
    const policy = csp(res);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' https://s.skimresources.com");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    // Product pictures come from /api/images; no shop, no remote origin at all.
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('drops the affiliate origin when affiliation is off', async () => {
    const res = await request(gateway({ VITE_DEACTIVATE_AFFILIATION: 'true' })).get('/');
    expect(csp(res)).toContain("script-src 'self';");
  });

  it('admits the dev servers in dev mode only', async () => {
    const res = await request(gateway({ FRONTEND_DEV: 'true' })).get('/remotes.json');
    expect(csp(res)).toContain('http://localhost:3001');
    expect(csp(res)).toContain('ws://localhost:3000');
  });
});

describe('health and /dev/mails', () => {
  it('answers OPTIONS /api/health with 204 and GET with JSON', async () => {
    const app = gateway();
    expect((await request(app).options('/api/health')).status).toBe(204);
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
    expect((await request(app).get('/health')).body.data.status).toBe('ok');
  });

  it('serves the local outbox newest first while SMTP is not configured', async () => {
    const app = gateway();
    expect((await request(app).get('/dev/mails')).body).toEqual([]);
    const mailer = createMailer({ dataDir: join(fe.root, '.data'), from: 'x@x.org' });
    await mailer.send({ to: 'a@x.org', subject: 'Validate', text: 'http://localhost/v', html: '<a>v</a>' });
    await mailer.send({ to: 'b@x.org', subject: 'Offer', text: 'o', html: '<p>o</p>' });
    const res = await request(app).get('/dev/mails');
    expect(res.status).toBe(200);
    expect(res.body.map((m: { subject: string }) => m.subject)).toEqual(['Offer', 'Validate']);
    expect(res.body[0]).toEqual({ to: 'b@x.org', subject: 'Offer', text: 'o', html: '<p>o</p>', sentAt: expect.any(String) });
  });

  it('has no /dev/mails when SMTP_URL is set', async () => {
    const res = await request(gateway({ SMTP_URL: 'smtp://mail:1025' })).get('/dev/mails');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('browser extension downloads', () => {
  it('offers the last build of each package at a stable address, as an attachment', async () => {
    const release = join(fe.root, 'extension/release');
    mkdirSync(release, { recursive: true });
    writeFileSync(join(release, 'chrome.zip'), 'PK chrome');
    writeFileSync(join(release, 'firefox.zip'), 'PK firefox');
    const app = gateway({ EXTENSION_RELEASE_DIR: release });
    for (const browser of ['chrome', 'firefox']) {
      const res = await request(app).get(`/downloads/wishlist-${browser}.zip`).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="wishlist-${browser}.zip"`);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect((res.body as Buffer).toString()).toBe(`PK ${browser}`);
    }
  });

  it('answers 404 (never the app page) when nothing is built or the name is unknown', async () => {
    const app = gateway({ EXTENSION_RELEASE_DIR: join(fe.root, 'nowhere') });
    for (const path of ['/downloads/wishlist-chrome.zip', '/downloads/chrome.zip', '/downloads/']) {
      const res = await request(app).get(path).set(html);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
