import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createGateway } from './app';
import { firstViewHints, renderIndex } from './firstView';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());
const html = { Accept: 'text/html,application/xhtml+xml' };

const listsDist = join(fe.root, 'remote-lists/dist');
mkdirSync(listsDist, { recursive: true });
writeFileSync(
  join(listsDist, 'mf-manifest.json'),
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        name: 'SharedListPage',
        assets: {
          js: { sync: ['static/js/async/__federation_expose_SharedListPage.0123456789.js', 'static/js/async/d.abcdef0123.js'], async: ['static/js/async/big.1111111111.js'] },
          css: { sync: ['static/css/async/page.2222222222.css'], async: [] },
        },
      },
    ],
  }),
);

describe('first view of a page (issue 13)', () => {
  const app = createGateway(configFor(fe.root)).app;

  it('writes the runtime config into index.html: the same as /remotes.json', async () => {
    const [page, json] = await Promise.all([request(app).get('/see/abc123').set(html), request(app).get('/remotes.json')]);
    const inline = /<script id="wishlist-runtime-config" type="application\/json">(.*?)<\/script>/.exec(page.text)?.[1];
    expect(JSON.parse(inline!)).toEqual(json.body);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('preloads the manifest, the entry and the page chunks of the remote /see/{id} renders, never its lazy chunks', async () => {
    const page = (await request(app).get('/see/abc123').set(html)).text;
    expect(page).toContain('<link rel="preload" href="/remotes/lists/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    expect(page).toContain('<link rel="preload" href="/remotes/lists/remoteEntry.js" as="script">');
    expect(page).toContain('href="/remotes/lists/static/js/async/__federation_expose_SharedListPage.0123456789.js" as="script"');
    expect(page).toContain('href="/remotes/lists/static/js/async/d.abcdef0123.js" as="script"');
    expect(page).toContain('href="/remotes/lists/static/css/async/page.2222222222.css" as="style"');
    expect(page).not.toContain('big.1111111111');
  });

  it('preloads only the manifest when the page is not one of the known first views, nothing for unknown paths', async () => {
    const content = (await request(app).get('/en/privacy-policy').set(html)).text;
    expect(content).toContain('href="/remotes/content/mf-manifest.json" as="fetch"');
    expect(content).not.toContain('as="script"');
    const unknown = (await request(app).get('/somewhere/else').set(html)).text;
    expect(unknown).not.toContain('rel="preload"');
    expect(unknown).toContain('id="wishlist-runtime-config"');
  });

  it('serves / written the same way to browsers, and the plain file to other clients', async () => {
    expect((await request(app).get('/').set(html)).text).toContain('id="wishlist-runtime-config"');
    expect((await request(app).get('/')).text).not.toContain('wishlist-runtime-config');
  });
});

describe('firstViewHints / renderIndex', () => {
  it('names no remote that /remotes.json does not list, and nothing read from a foreign manifest', () => {
    expect(firstViewHints('/see/x', [], () => null)).toEqual({ fetches: [], scripts: [], styles: [] });
    expect(firstViewHints('/see/x', [{ name: 'remote_lists', entry: 'https://cdn.example/lists/mf-manifest.json' }], () => null)).toEqual({
      fetches: ['https://cdn.example/lists/mf-manifest.json'],
      scripts: [],
      styles: [],
    });
  });

  it('cannot be closed early by a remote name: < is escaped in the inline JSON', () => {
    const out = renderIndex('<head></head>', { remotes: [{ name: '</script><script>alert(1)</script>', entry: '/x' }] }, { fetches: [], scripts: [], styles: [] });
    expect(out).not.toContain('</script><script>alert');
    expect(out).toContain('\\u003c/script>');
  });
});
