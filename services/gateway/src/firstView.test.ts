import request from 'supertest';
import { createGateway } from './app';
import { firstViewHints, renderIndex } from './firstView';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());
const html = { Accept: 'text/html,application/xhtml+xml' };
const inline = (page: string, id: string) => JSON.parse(new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(page)![1]);

describe('first view of a page', () => {
  const app = createGateway(configFor(fe.root)).app;

  it('writes the runtime config into index.html: the same as /remotes.json', async () => {
    const [page, json] = await Promise.all([request(app).get('/en').set(html), request(app).get('/remotes.json')]);
    expect(inline(page.text, 'wishlist-runtime-config')).toEqual(json.body);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('names the remote and page the route renders, and preloads only its manifest (never a script)', async () => {
    const page = (await request(app).get('/en').set(html)).text;
    expect(inline(page, 'wishlist-first-view')).toEqual({ remote: 'remote_content', expose: './HomePage' });
    expect(page).toContain('<link rel="preload" href="/remotes/content/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    expect(page).not.toContain('as="script"');
    const privacy = (await request(app).get('/en/privacy-policy').set(html)).text;
    expect(inline(privacy, 'wishlist-first-view')).toEqual({ remote: 'remote_content' });
  });

  it('hints nothing for a remote that is not deployed, nor for unknown paths', async () => {
    // The fixture deploys remote-content only: /see/{id} (remote_lists) gets the config, no hint.
    for (const path of ['/see/abc123', '/somewhere/else']) {
      const page = (await request(app).get(path).set(html)).text;
      expect(page).toContain('id="wishlist-runtime-config"');
      expect(page).not.toContain('wishlist-first-view');
      expect(page).not.toContain('rel="preload"');
    }
  });

  it('serves / written the same way to browsers, and the plain file to other clients', async () => {
    expect((await request(app).get('/').set(html)).text).toContain('id="wishlist-runtime-config"');
    expect((await request(app).get('/')).text).not.toContain('wishlist-runtime-config');
  });
});

describe('firstViewHints / renderIndex', () => {
  it('maps the shared list to remote_lists/SharedListPage when /remotes.json lists it', () => {
    const remotes = [{ name: 'remote_lists', entry: 'https://cdn.example/lists/mf-manifest.json' }];
    expect(firstViewHints('/see/x', remotes)).toEqual({ firstView: { remote: 'remote_lists', expose: './SharedListPage' }, fetches: ['https://cdn.example/lists/mf-manifest.json'] });
    expect(firstViewHints('/see/x', [])).toEqual({ firstView: null, fetches: [] });
  });

  it("maps the giver's confirmation link (under a language prefix) to the basket remote, not the content one", () => {
    const remotes = [
      { name: 'remote_content', entry: '/remotes/content/mf-manifest.json' },
      { name: 'remote_basket_offer', entry: '/remotes/basket-offer/mf-manifest.json' },
    ];
    for (const path of ['/en/offer-confirmation/abc', '/fr/offer-confirmation/abc', '/offer-confirmation/abc']) {
      expect(firstViewHints(path, remotes).firstView).toEqual({ remote: 'remote_basket_offer', expose: './OfferConfirmationPage' });
    }
    for (const path of ['/en/offer-withdrawal/abc', '/fr/offer-withdrawal/abc']) {
      expect(firstViewHints(path, remotes).firstView).toEqual({ remote: 'remote_basket_offer', expose: './OfferWithdrawalPage' });
    }
  });

  it('cannot be closed early by a remote name: < is escaped in the inline JSON', () => {
    const out = renderIndex('<head></head>', { remotes: [{ name: '</script><script>alert(1)</script>', entry: '/x' }] }, { firstView: null, fetches: [] });
    expect(out).not.toContain('</script><script>alert');
    expect(out).toContain('\\u003c/script>');
  });

  it('hydratable first view: in #root in place of the boot splash; in the snapshot-then-swap form when #root is not the shell\'s', () => {
    const snapshot = { language: 'fr' as const, kind: 'see' as const, body: '<div id="first-view"><p>L</p></div>', head: '<style id="first-view-css"></style>', hydrate: { root: '<p>L</p>', data: { id: 'l', name: '</script>' } } };
    const hints = { firstView: null, fetches: [] };
    const shell = '<!doctype html><html lang="en"><head></head><body><div id="root">\n  <div class="boot-splash" role="status"><span></span>Wishlist</div>\n</div></body></html>';
    const out = renderIndex(shell, {}, hints, snapshot);
    expect(out).toContain('<html lang="fr" data-first-view-hydrate="see">');
    expect(out).toContain('<body><div id="root"><p>L</p></div><script id="first-view-data" type="application/json">{"id":"l","name":"\\u003c/script>"}</script></body>');
    expect(out).not.toContain('boot-splash');
    expect(out).not.toContain('id="first-view"');
    // A page whose #root is something else: the snapshot goes before it, swapped as before.
    const other = renderIndex('<html><head></head><body><div id="root"></div></body></html>', {}, hints, snapshot);
    expect(other).toContain('<html lang="fr" data-first-view="see">');
    expect(other).toContain('<body><div id="first-view"><p>L</p></div><div id="root"></div>');
    expect(other).not.toContain('first-view-data');
  });
});
