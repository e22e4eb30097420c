// The gateway composes the first view of /see/{id}, /en and /fr from the front ends' own
// renderers, and falls back to the page without a snapshot whenever anything is missing or slow.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { CLIENT_HEADER, IDENTITY_HEADER, verifyClientAddress } from '@wishlist/service-kit';
import { createGateway } from './app';
import { inlineCss, snapshotRoute, SNAPSHOT_TIMEOUT_MS } from './snapshot';
import { configFor, listen, makeFrontends } from './test-support/fixtures';

const html = { Accept: 'text/html,application/xhtml+xml' };
const HOSTILE = '</script><img src=x onerror=alert(1)>"\'&';

const fe = makeFrontends();
const write = (rel: string, content: string) => {
  mkdirSync(dirname(join(fe.root, rel)), { recursive: true });
  writeFileSync(join(fe.root, rel), content);
};

// A shell as built: index.html with <html>, <head>, <body>; its prerendered layouts and styles.
const INDEX = '<!doctype html><html lang="en"><head><title>Wishlist</title></head><body><div id="root"><div class="boot-splash">Wishlist</div></div></body></html>';
write('shell/dist/index.html', INDEX);
for (const kind of ['see', 'home'])
  for (const lang of ['en', 'fr'])
    write(`shell/dist/first-view/layout.${kind}.${lang}.html`, `<div class="shell-app" data-layout="${kind}.${lang}"><header>H</header><main><!--wishlist-first-view-page--></main></div>`);
write('shell/dist/first-view/layout.json', JSON.stringify({ css: ['/static/css/async/a.1234abcd.css'] }));
write('shell/dist/static/css/async/a.1234abcd.css', '.shell-app{color:red}');
// remote-content: the home page prerendered, its manifest naming its styles.
write('remote-content/dist/first-view/home.en.html', '<p class="content-lead">Gift lists</p>');
write('remote-content/dist/first-view/home.fr.html', '<p class="content-lead">Listes de cadeaux</p>');
write(
  'remote-content/dist/mf-manifest.json',
  JSON.stringify({ id: 'remote_content', exposes: [{ path: './HomePage', assets: { css: { sync: ['static/css/async/home.abcdef12.css'], async: [] } } }] }),
);
write('remote-content/dist/static/css/async/home.abcdef12.css', '.content-lead{font-size:2rem;background:url(../img/bg.png)}');
// remote-lists: a server renderer (what scripts/build-first-view.mjs builds), escaping as React does.
const RENDERER = `
const esc = (s) => String(s).replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/>/g,'&gt;').replace(/"/g,'&quot;');
exports.renderSharedList = ({ list, language }) => '<div class="lists-view" data-lang="' + esc(language) + '"><h1>' + esc(list.name) + '</h1><ul>' + list.products.map((p) => '<li>' + esc(p.name) + '</li>').join('') + '</ul></div>';
exports.sharedListPreloads = (list) => list.products.slice(0, 2).filter((p) => p.picture).map((p) => ({ href: p.picture + '?w=480', imageSrcSet: p.picture + '?w=240 240w, ' + p.picture + '?w=480 480w', imageSizes: '50vw' }));
`;
const deployRenderer = (source = RENDERER) => write('remote-lists/dist/server/first-view.cjs', source);
deployRenderer();
write('remote-lists/dist/remoteEntry.js', 'var remote_lists;');
write(
  'remote-lists/dist/mf-manifest.json',
  JSON.stringify({ id: 'remote_lists', exposes: [{ path: './SharedListPage', assets: { css: { sync: ['static/css/async/see.0badcafe.css'], async: [] } } }] }),
);
write('remote-lists/dist/static/css/async/see.0badcafe.css', '.lists-card{display:flex}');

// The lists service: a public list, a hostile one, an unknown one, a slow one; what reached it.
let changingName = 'Before';
const seen: { path: string; authorization?: string; identity?: string; cookie?: string; client: string | null }[] = [];
const lists = express();
const product = (name: string, picture?: string) => ({ id: name, name, price: 1990, url: 'https://shop.example/p', image: 'https://shop.example/p.png', ...(picture ? { picture } : {}) });
lists.get('/api/product-lists/:id', async (req, res) => {
  seen.push({
    path: req.path,
    authorization: req.headers.authorization,
    identity: req.headers[IDENTITY_HEADER] as string | undefined,
    cookie: req.headers.cookie,
    client: await verifyClientAddress(req.headers[CLIENT_HEADER] as string | undefined),
  });
  const id = req.params.id;
  if (id === 'public') return res.json({ data: { id, name: 'Birthday', isOwner: false, products: [product('Teapot', '/api/images/t1.s1'), product('Lamp', '/api/images/t2.s2'), product('Scarf', '/api/images/t3.s3')] } });
  if (id === 'hostile') return res.json({ data: { id, name: HOSTILE, isOwner: false, products: [product(HOSTILE, '/api/images/x".onerror=1')] } });
  if (id === 'slow') {
    await new Promise((r) => setTimeout(r, SNAPSHOT_TIMEOUT_MS + 600));
    return res.json({ data: { id, name: 'Too late', isOwner: false, products: [] } });
  }
  if (id === 'changing') return res.json({ data: { id, name: changingName, isOwner: false, products: [product('Teapot')] } });
  if (id === 'owned') return res.json({ data: { id, name: 'Mine', isOwner: true, products: [] } });
  if (id === 'surprise') return res.json({ data: { id, name: 'Secret', isOwner: false, surprise: true, products: [{ ...product('Teapot'), hasBeenOffered: true }] } });
  if (id === 'broken') return res.type('json').send('{"data":');
  res.status(404).json({ error: { code: 'not_found', message: 'No such list' } });
});

let service: Awaited<ReturnType<typeof listen>>;
let app: express.Express;
beforeAll(async () => {
  service = await listen(lists);
  app = createGateway(configFor(fe.root, { LISTS_URL: service.url })).app;
});
afterAll(async () => {
  await service.close();
  fe.cleanup();
});

/** A shared list's first view, in #root for the app to hydrate. */
const hydratable = (page: string) => /<div id="root">([\s\S]*?)<\/div><script id="first-view-data" type="application\/json">/.exec(page)?.[1];
const withoutData = (page: string) => page.replace(/<script id="first-view-data"[\s\S]*?<\/script>/, '');
const firstViewData = (page: string) => JSON.parse(/<script id="first-view-data" type="application\/json">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? 'null') as unknown;
/** The page as served without any snapshot (the static index.html, written for the route). */
const withoutSnapshot = (page: string) => !page.includes('id="first-view"') && !page.includes('data-first-view') && !page.includes('first-view-css');

describe('first-view snapshot of a shared list', () => {
  it('puts the list, rendered by remote-lists, in #root for the app to hydrate: language, data, styles, picture preloads', async () => {
    const res = await request(app).get('/see/public').set(html).set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.5');
    expect(res.status).toBe(200);
    const page = res.text;
    expect(page).toMatch(/^<!doctype html><html lang="fr" data-first-view-hydrate="see">/);
    const body = hydratable(page)!;
    expect(body).toContain('<div class="shell-app" data-layout="see.fr">');
    // The page inside the markers of the app's <Suspense> around a remote's page.
    expect(body).toContain('<main><!--$--><div class="lists-view" data-lang="fr"><h1>Birthday</h1><ul><li>Teapot</li><li>Lamp</li><li>Scarf</li></ul></div><!--/$--></main>');
    expect(page).not.toContain('boot-splash');
    expect(page).not.toContain('id="first-view"');
    // What the page renders from: the list as the service answered it.
    expect(firstViewData(page)).toMatchObject({ id: 'public', name: 'Birthday', products: [{ name: 'Teapot' }, { name: 'Lamp' }, { name: 'Scarf' }] });
    // The styles of the layout and of the page, inline (a hung remote never blocks the page).
    expect(page).toContain('<style id="first-view-css">.shell-app{color:red}\n.lists-card{display:flex}</style>');
    expect(page).not.toContain('rel="stylesheet"');
    // The first two cards' pictures, as the cards ask for them.
    expect(page).toContain('<link rel="preload" as="image" href="/api/images/t1.s1?w=480" imagesrcset="/api/images/t1.s1?w=240 240w, /api/images/t1.s1?w=480 480w" imagesizes="50vw" fetchpriority="high">');
    expect(page).toContain('href="/api/images/t2.s2?w=480"');
    expect(withoutData(page)).not.toContain('t3.s3');
    expect(page).toMatch(/html\[data-first-view\] #root\{visibility:hidden;content-visibility:hidden;position:absolute/);
    expect(page.indexOf('<head>')).toBeLessThan(page.indexOf('id="first-view-css"'));
    expect(page.indexOf('id="first-view-css"')).toBeLessThan(page.indexOf('</head>'));
    // Nothing runs inline: the policy is unchanged.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page).not.toMatch(/<script(?![^>]*type="application\/json")/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it('asks the lists service as an anonymous browser would: no bearer, no identity, no cookie, the visitor as client', async () => {
    seen.length = 0;
    await request(app).get('/see/public').set(html).set('Authorization', 'Bearer someone').set('Cookie', 'session=1');
    expect(seen).toEqual([{ path: '/api/product-lists/public', authorization: undefined, identity: undefined, cookie: undefined, client: expect.stringMatching(/127\.0\.0\.1|::1/) }]);
  });

  it('is in English without Accept-Language, or for a language we do not have', async () => {
    for (const lang of [undefined, 'de-DE,de;q=0.9']) {
      const req = request(app).get('/see/public').set(html);
      const page = (await (lang ? req.set('Accept-Language', lang) : req)).text;
      expect(page).toMatch(/<html lang="en" data-first-view-hydrate="see">/);
      expect(hydratable(page)).toContain('data-layout="see.en"');
    }
  });

  it('escapes hostile list and product names: no markup, no script, no broken attribute', async () => {
    const page = (await request(app).get('/see/hostile').set(html)).text;
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('</script><img');
    expect(hydratable(page)).toContain('<h1>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;\'&amp;</h1>');
    // The data's strings cannot close their element.
    expect(firstViewData(page)).toMatchObject({ name: expect.stringContaining('</script><img src=x') });
    // A picture URL with a quote stays inside its attribute.
    expect(page).toContain('href="/api/images/x&quot;.onerror=1?w=480"');
    expect(withoutData(page)).not.toMatch(/"\.onerror=1/);
  });

  it('serves the page exactly as before for an unknown list, an owner-only answer, a surprise list (its owner may be the one opening it), a broken answer, a bad id', async () => {
    const plain = (await request(app).get('/see/nothing-here').set(html)).text;
    expect(withoutSnapshot(plain)).toBe(true);
    for (const path of ['/see/owned', '/see/surprise', '/see/broken', '/see/%E0%A4%A']) {
      const res = await request(app).get(path).set(html);
      expect(res.status).toBe(200);
      expect(withoutSnapshot(res.text)).toBe(true);
      expect(res.text).toContain('<div id="root"><div class="boot-splash">');
    }
  });

  it('does not wait for a slow lists service: the page comes without a snapshot within the time allowed', async () => {
    const started = Date.now();
    const res = await request(app).get('/see/slow').set(html);
    expect(res.status).toBe(200);
    expect(withoutSnapshot(res.text)).toBe(true);
    expect(Date.now() - started).toBeLessThan(SNAPSHOT_TIMEOUT_MS + 400);
  });

  it('serves the page as before when the lists service is down', async () => {
    const down = createGateway(configFor(fe.root, { LISTS_URL: 'http://127.0.0.1:9' })).app;
    const res = await request(down).get('/see/public').set(html);
    expect(res.status).toBe(200);
    expect(withoutSnapshot(res.text)).toBe(true);
  });

  it('no snapshot (and no call to the lists service) without the server bundle; a deployed one is used at once', async () => {
    const bundle = join(fe.root, 'remote-lists/dist/server/first-view.cjs');
    const { renameSync } = await import('node:fs');
    renameSync(bundle, `${bundle}.away`);
    try {
      seen.length = 0;
      const res = await request(app).get('/see/public').set(html);
      expect(res.status).toBe(200);
      expect(withoutSnapshot(res.text)).toBe(true);
      expect(seen).toEqual([]);
    } finally {
      renameSync(`${bundle}.away`, bundle);
    }
    // A renderer that declines (an empty answer): the page as before.
    deployRenderer('exports.renderSharedList = () => "";');
    utimesSync(bundle, new Date(), new Date(Date.now() + 500));
    expect(withoutSnapshot((await request(app).get('/see/public').set(html)).text)).toBe(true);
    // A renderer that throws: the page as before.
    deployRenderer('exports.renderSharedList = () => { throw new Error("boom"); };');
    utimesSync(bundle, new Date(), new Date(Date.now() + 1000));
    expect(withoutSnapshot((await request(app).get('/see/public').set(html)).text)).toBe(true);
    // A new deployment (scripts/deploy-remote.mjs replaces the file): its renderer, no restart.
    deployRenderer(RENDERER.replace('class="lists-view"', 'class="lists-view lists-view--v2"'));
    utimesSync(bundle, new Date(), new Date(Date.now() + 2000));
    expect(hydratable((await request(app).get('/see/public').set(html)).text)).toContain('lists-view--v2');
  });

  it("embeds what the renderer says the page hydrates from (a long list's first products and count), else the list", async () => {
    const bundle = join(fe.root, 'remote-lists/dist/server/first-view.cjs');
    deployRenderer(`${RENDERER}\nexports.sharedListData = (list) => ({ ...list, products: list.products.slice(0, 1), productCount: list.products.length });`);
    utimesSync(bundle, new Date(), new Date(Date.now() + 2500));
    const page = (await request(app).get('/see/public').set(html)).text;
    expect(firstViewData(page)).toMatchObject({ id: 'public', products: [{ name: 'Teapot' }], productCount: 3 });
    expect(withoutData(page)).toContain('<li>Scarf</li>');
    deployRenderer();
    utimesSync(bundle, new Date(), new Date(Date.now() + 2700));
    expect(firstViewData((await request(app).get('/see/public').set(html)).text)).toMatchObject({ products: [{ name: 'Teapot' }, { name: 'Lamp' }, { name: 'Scarf' }] });
  });

  it('renders a list once per version of it and language (a link opened by many), again when it changes', async () => {
    const bundle = join(fe.root, 'remote-lists/dist/server/first-view.cjs');
    deployRenderer(`let n = 0;\n${RENDERER.replace("'<div class=\"lists-view\"", "'<div data-render=\"' + (++n) + '\" class=\"lists-view\"")}`);
    utimesSync(bundle, new Date(), new Date(Date.now() + 3000));
    const render = async (lang = 'en') => /data-render="(\d+)"/.exec((await request(app).get('/see/changing').set(html).set('Accept-Language', lang)).text)?.[1];
    const first = await render();
    expect(first).toBeDefined();
    expect(await render()).toBe(first);
    expect(await render('fr')).toBe(String(Number(first) + 1));
    changingName = 'After';
    const page = (await request(app).get('/see/changing').set(html)).text;
    expect(page).toContain('<h1>After</h1>');
    expect(/data-render="(\d+)"/.exec(page)?.[1]).toBe(String(Number(first) + 2));
    deployRenderer();
    utimesSync(bundle, new Date(), new Date(Date.now() + 4000));
  });

  it('leaves out an owner preview (?preview=visitor) and HEAD requests', async () => {
    expect(withoutSnapshot((await request(app).get('/see/public?preview=visitor').set(html)).text)).toBe(true);
    const head = await request(app).head('/see/public').set(html);
    expect(head.status).toBe(200);
  });

  it("leaves out the Android wrapper's native mode (its own header): ?shell=android, or the shell's session cookie", async () => {
    expect(withoutSnapshot((await request(app).get('/see/public?shell=android').set(html)).text)).toBe(true);
    expect(withoutSnapshot((await request(app).get('/see/public').set(html).set('Cookie', 'a=b; wishlist_native=1')).text)).toBe(true);
    // Another cookie of that name's prefix, or a cleared one, is not native mode.
    expect(withoutSnapshot((await request(app).get('/see/public').set(html).set('Cookie', 'wishlist_native=; wishlist_native_x=1')).text)).toBe(false);
  });
});

describe('first-view snapshot of the home page', () => {
  it('serves /en and /fr with the prerendered home page in the layout, in #root for the app to hydrate, in the language of the path', async () => {
    for (const [path, lang, text] of [
      ['/en', 'en', 'Gift lists'],
      ['/fr', 'fr', 'Listes de cadeaux'],
      ['/fr/', 'fr', 'Listes de cadeaux'],
    ]) {
      const page = (await request(app).get(path).set(html).set('Accept-Language', 'en')).text;
      expect(page).toMatch(new RegExp(`<html lang="${lang}" data-first-view-hydrate="home">`));
      // The page in the app's <Suspense> (its code loads on its own); no data to carry.
      expect(/<div id="root">([\s\S]*?)<\/div><\/body>/.exec(page)?.[1]).toBe(
        `<div class="shell-app" data-layout="home.${lang}"><header>H</header><main><!--$--><p class="content-lead">${text}</p><!--/$--></main></div>`,
      );
      expect(page).not.toContain('id="first-view"');
      expect(page).not.toContain('id="first-view-data"');
      // The page's styles, a relative url() made absolute.
      expect(page).toContain('.content-lead{font-size:2rem;background:url(/remotes/content/static/css/img/bg.png)}');
    }
  });

  it('other pages have no snapshot', async () => {
    for (const path of ['/', '/en/privacy-policy', '/product-list/abc', '/see/a/b']) {
      expect(withoutSnapshot((await request(app).get(path).set(html)).text)).toBe(true);
    }
  });

  it('without the prerendered page or the layout, /en is served as before', async () => {
    const { renameSync } = await import('node:fs');
    const file = join(fe.root, 'shell/dist/first-view/layout.home.en.html');
    renameSync(file, `${file}.away`);
    try {
      expect(withoutSnapshot((await request(app).get('/en').set(html)).text)).toBe(true);
    } finally {
      renameSync(`${file}.away`, file);
    }
  });
});

describe('snapshot helpers', () => {
  it('knows which paths have a first view', () => {
    expect(snapshotRoute('/see/abc')).toEqual({ kind: 'see', listId: 'abc' });
    expect(snapshotRoute('/see/a%20b/')).toEqual({ kind: 'see', listId: 'a b' });
    expect(snapshotRoute('/fr')).toEqual({ kind: 'home', language: 'fr' });
    for (const p of ['/', '/de', '/see/', '/see/a/b', '/see/%E0%A4%A', '/en/how-to-share-wishlist']) expect(snapshotRoute(p)).toBeNull();
  });

  it('inlines a stylesheet without letting it close its element', () => {
    expect(inlineCss('a{b:c}</style><script>x</script>', '/static/css/a.css')).toBe('a{b:c}<\\/style><script>x</script>');
    expect(inlineCss('a{background:url("f.png")}b{background:url(data:image/png;base64,xx)}c{background:url(/abs.png)}', '/remotes/lists/static/css/x.css')).toBe(
      'a{background:url("/remotes/lists/static/css/f.png")}b{background:url(data:image/png;base64,xx)}c{background:url(/abs.png)}',
    );
  });
});
