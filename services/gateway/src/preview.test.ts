// Releases and previews through the real gateway (createGateway, supertest on an ephemeral port)
// over a live directory that scripts/deploy-remote.mjs manages.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { createGateway } from './app';
import { PREVIEW_COOKIE_PREFIX } from './preview';
import { versionOfBuild } from './releases';
import { configFor } from './test-support/fixtures';
import { deploy, fakeContentBuild } from './test-support/remoteBuilds';

// Made now: the gateways below are created when the suite is collected, before beforeAll.
const root = mkdtempSync(join(tmpdir(), 'gateway-releases-'));
let live: string;
let v1: string;
let v2: string;
let link: URL;
const html = { Accept: 'text/html' };

function write(rel: string, content: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
}

beforeAll(() => {
  write('shell/dist/index.html', '<!doctype html><html><head><title>Wishlist</title></head><body><div id="root"></div></body></html>');
  write('shell/dist/first-view/layout.home.en.html', '<div class="shell"><!--wishlist-first-view-page--></div>');
  write('shell/dist/first-view/layout.json', JSON.stringify({ css: [] }));
  const first = fakeContentBuild(join(root, 'build-1'), 'Live headline');
  const second = fakeContentBuild(join(root, 'build-2'), 'Previewed headline', { version: '0.2.0' });
  live = join(root, 'remote-content/dist');
  cpSync(first, live, { recursive: true });
  v1 = versionOfBuild(first)!;
  v2 = versionOfBuild(second)!;
  const out = deploy('--preview', second, live, '--public-url', 'http://localhost:8080');
  link = new URL(/^preview: (\S+)$/m.exec(out)![1]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gateway = (env: Record<string, string> = {}) => createGateway(configFor(root, { LOG_LEVEL: 'silent', ...env })).app;
const key = () => Buffer.from(readFileSync(join(live, '.releases/preview.key'), 'utf8').trim());
/** A cookie as the gateway would sign it (or not, with another key). */
function cookieFor(version: string, exp: number, signingKey = key()): string {
  const sig = createHmac('sha256', signingKey).update(`wishlist-preview-cookie\nremote_content\n${version}\n${exp}`).digest('base64url');
  return `${PREVIEW_COOKIE_PREFIX}content=${encodeURIComponent(`${version}|${exp}|${sig}`)}`;
}
const inFuture = () => Math.floor(Date.now() / 1000) + 3600;
const contentOf = (body: { remotes: { name: string; version?: string }[] }) => body.remotes.find((r) => r.name === 'remote_content');
const pathOf = (u: URL) => `${u.pathname}${u.search}`;

/** Opens the preview link; the cookie the gateway sets. */
async function openPreview(app: ReturnType<typeof gateway>): Promise<string> {
  const res = await request(app).get(pathOf(link));
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/');
  const setCookie = String(res.headers['set-cookie']);
  return setCookie.split(';')[0];
}

describe('remote releases: /remotes.json', () => {
  it('names the live version of each built remote, derived from its files as the script names them', async () => {
    const res = await request(gateway()).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(contentOf(res.body)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: v1 });
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('remote releases: the preview link', () => {
  const app = gateway();

  it('sets a signed HttpOnly, SameSite=Lax cookie and redirects to /, changing nothing on the server', async () => {
    const before = readFileSync(join(live, '.releases/releases.json'), 'utf8');
    const res = await request(app).get(pathOf(link));
    expect(res.status).toBe(303);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${PREVIEW_COOKIE_PREFIX}content=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(readFileSync(join(live, '.releases/releases.json'), 'utf8')).toBe(before);
    expect((await request(app).get('/remotes.json')).body.remotes[0].version).toBe(v1);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const res = await request(gateway({ PUBLIC_URL: 'https://wishlist.example' })).get(pathOf(link));
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('refuses a forged, expired, malformed or unknown link with a JSON error, in the browser’s language', async () => {
    const forged = new URL(link);
    forged.searchParams.set('sig', 'A'.repeat(43));
    const res = await request(app).get(pathOf(forged));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('invalid_preview_link');
    expect(res.headers['set-cookie']).toBeUndefined();
    const fr = await request(app).get(pathOf(forged)).set('Accept-Language', 'fr');
    expect(fr.body.error.message).toMatch(/lien d’aperçu/);

    // Another version with the same signature: the signature covers the version.
    const other = new URL(link);
    other.pathname = `/remotes/content/preview/${encodeURIComponent(v1)}`;
    expect((await request(app).get(pathOf(other))).status).toBe(403);
    // Another remote: the signature covers the remote.
    const lists = new URL(link);
    lists.pathname = lists.pathname.replace('/content/', '/lists/');
    expect((await request(app).get(pathOf(lists))).status).toBe(403);

    const exp = Math.floor(Date.now() / 1000) - 10;
    const expiredSig = createHmac('sha256', key()).update(`wishlist-preview-link\nremote_content\n${v2}\n${exp}`).digest('base64url');
    const expired = await request(app).get(`/remotes/content/preview/${encodeURIComponent(v2)}?exp=${exp}&sig=${expiredSig}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('preview_link_expired');

    for (const query of ['', '?exp=abc&sig=x', `?exp=${inFuture()}`, `?exp=${inFuture()}&sig=${'!'.repeat(43)}`]) {
      const bad = await request(app).get(`/remotes/content/preview/${encodeURIComponent(v2)}${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_preview_link');
    }

    const unknown = '9.9.9+00000000';
    const unknownExp = inFuture();
    const unknownSig = createHmac('sha256', key()).update(`wishlist-preview-link\nremote_content\n${unknown}\n${unknownExp}`).digest('base64url');
    const missing = await request(app).get(`/remotes/content/preview/${encodeURIComponent(unknown)}?exp=${unknownExp}&sig=${unknownSig}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('release_not_found');
  });

  it('never serves the release store itself, in preview or not', async () => {
    const cookie = await openPreview(app);
    const paths = [
      '/remotes/content/.releases/releases.json',
      '/remotes/content/.releases/preview.key',
      `/remotes/content/.releases/${encodeURIComponent(v2)}/remoteEntry.js`,
      '/remotes/content/%2Ereleases/preview.key',
      '/remotes/content/..%2Fpreview.key',
      '/remotes/content/%2E%2E/preview.key',
      '/remotes/content/remoteEntry.js/..%2F..%2Fpreview.key',
    ];
    for (const path of paths) {
      for (const c of ['', cookie]) {
        const res = await request(app).get(path).set('Cookie', c);
        expect([400, 403, 404]).toContain(res.status);
        expect(res.text).not.toContain(key().toString());
        expect(res.text).not.toContain('"releases"');
      }
    }
  });
});

describe('remote releases: a browser in preview', () => {
  const app = gateway();

  it('gets the previewed release in /remotes.json, in the page’s inline config, preload hint and first view, and in the remote’s files', async () => {
    const cookie = await openPreview(app);
    const config = await request(app).get('/remotes.json').set('Cookie', cookie);
    expect(contentOf(config.body)).toEqual({
      name: 'remote_content',
      entry: `/remotes/content/mf-manifest.json?release=${encodeURIComponent(v2)}`,
      version: v2,
      preview: true,
    });

    const page = await request(app).get('/en').set(html).set('Cookie', cookie);
    expect(page.text).toContain(`"version":"${v2}","preview":true`);
    expect(page.text).toContain(`<link rel="preload" href="/remotes/content/mf-manifest.json?release=${encodeURIComponent(v2)}"`);
    expect(page.text).toContain('Previewed headline');
    expect(page.headers.vary).toMatch(/Cookie/);

    const entry = await request(app).get('/remotes/content/remoteEntry.js').set('Cookie', cookie);
    expect(entry.text).toContain('home.');
    expect(entry.text).toBe(readFileSync(join(live, '.releases', v2, 'remoteEntry.js'), 'utf8'));
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers.vary).toMatch(/Cookie/);
    const manifest = await request(app).get(`/remotes/content/mf-manifest.json?release=${encodeURIComponent(v2)}`).set('Cookie', cookie);
    expect(manifest.body.metaData.buildInfo.buildVersion).toBe('0.2.0');
    // Its chunks are the shared hashed files, immutable, the same for everyone.
    const chunk = /"(static\/js\/async\/home\.[0-9a-f]+\.js)"/.exec(entry.text)![1];
    const chunkRes = await request(app).get(`/remotes/content/${chunk}`);
    expect(chunkRes.status).toBe(200);
    expect(chunkRes.text).toContain('Previewed headline');
    expect(chunkRes.headers.vary ?? '').not.toMatch(/Cookie/);
  });

  it('everyone else keeps the live release, in every one of those places', async () => {
    await openPreview(app);
    expect(contentOf((await request(app).get('/remotes.json')).body)?.version).toBe(v1);
    const page = await request(app).get('/en').set(html);
    expect(page.text).toContain(`"version":"${v1}"`);
    expect(page.text).not.toContain('preview');
    expect(page.text).toContain('Live headline');
    expect(page.text).not.toContain('Previewed headline');
    const entry = await request(app).get('/remotes/content/remoteEntry.js');
    expect(entry.text).toBe(readFileSync(join(live, 'remoteEntry.js'), 'utf8'));
  });

  it('ignores a forged, expired or unknown-release cookie: the live release is served', async () => {
    for (const cookie of [
      cookieFor(v2, inFuture(), Buffer.from('x'.repeat(64))),
      cookieFor(v2, Math.floor(Date.now() / 1000) - 1),
      cookieFor('9.9.9+00000000', inFuture()),
      cookieFor('../../etc', inFuture()),
      `${PREVIEW_COOKIE_PREFIX}content=${encodeURIComponent(`${v2}|${inFuture()}`)}`,
      `${PREVIEW_COOKIE_PREFIX}content=%E0%A4%A`,
    ]) {
      const config = await request(app).get('/remotes.json').set('Cookie', cookie);
      expect(config.status).toBe(200);
      expect(contentOf(config.body)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: v1 });
      const entry = await request(app).get('/remotes/content/remoteEntry.js').set('Cookie', cookie);
      expect(entry.text).toBe(readFileSync(join(live, 'remoteEntry.js'), 'utf8'));
    }
    // A cookie for another remote does not preview this one.
    const lists = cookieFor(v2, inFuture()).replace(`${PREVIEW_COOKIE_PREFIX}content`, `${PREVIEW_COOKIE_PREFIX}lists`);
    expect(contentOf((await request(app).get('/remotes.json').set('Cookie', lists)).body)?.version).toBe(v1);
  });

  it('is recognised by every gateway serving the same live directory (the key and record live there)', async () => {
    const cookie = await openPreview(app);
    const other = gateway();
    expect(contentOf((await request(other).get('/remotes.json').set('Cookie', cookie)).body)).toMatchObject({ version: v2, preview: true });
    expect((await request(other).get('/remotes/content/remoteEntry.js').set('Cookie', cookie)).text).toBe(readFileSync(join(live, '.releases', v2, 'remoteEntry.js'), 'utf8'));
  });

  it('takes RELEASE_PREVIEW_SECRET, when set, as the key of links and cookies (the script uses it too)', async () => {
    const secret = 's'.repeat(40);
    const app2 = gateway({ RELEASE_PREVIEW_SECRET: secret });
    // A link signed with the store's key is not one any more.
    expect((await request(app2).get(pathOf(link))).status).toBe(403);
    const exp = inFuture();
    const sig = createHmac('sha256', Buffer.from(secret)).update(`wishlist-preview-link\nremote_content\n${v2}\n${exp}`).digest('base64url');
    const res = await request(app2).get(`/remotes/content/preview/${encodeURIComponent(v2)}?exp=${exp}&sig=${sig}`);
    expect(res.status).toBe(303);
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    expect(contentOf((await request(app2).get('/remotes.json').set('Cookie', cookie)).body)).toMatchObject({ version: v2, preview: true });
    expect(() => configFor(root, { RELEASE_PREVIEW_SECRET: 'short' })).toThrow(/RELEASE_PREVIEW_SECRET/);
  });

  it('leaves preview at /remotes/<short>/preview/off', async () => {
    const res = await request(app).get('/remotes/content/preview/off');
    expect(res.status).toBe(303);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${PREVIEW_COOKIE_PREFIX}content=;.*Max-Age=0`));
  });
});

describe('remote releases: promote, then prune', () => {
  it('a promoted release is live for everyone and no longer a preview; a pruned one is no longer previewed', async () => {
    const app = gateway();
    const cookie = await openPreview(app);
    deploy('--promote', v2, live);
    for (const c of [cookie, '']) {
      const config = await request(app).get('/remotes.json').set('Cookie', c);
      expect(contentOf(config.body)).toEqual({ name: 'remote_content', entry: '/remotes/content/mf-manifest.json', version: v2 });
      const page = await request(app).get('/en').set(html).set('Cookie', c);
      expect(page.text).toContain('Previewed headline');
    }
    // Roll back, then prune everything but the live release: the cookie names a release gone.
    deploy('--rollback', live);
    expect(contentOf((await request(app).get('/remotes.json').set('Cookie', cookie)).body)?.version).toBe(v2);
    deploy('--promote', v1, live, '--prune-before', new Date(Date.now() + 60_000).toISOString());
    expect(contentOf((await request(app).get('/remotes.json').set('Cookie', cookie)).body)).toEqual({
      name: 'remote_content',
      entry: '/remotes/content/mf-manifest.json',
      version: v1,
    });
    expect((await request(app).get(pathOf(link))).status).toBe(404);
  });
});
