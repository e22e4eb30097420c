// The gateway as `npm run dev` configures it (scripts/dev.mjs): the dev servers its CSP admits
// (DEV_SERVERS, FRONTEND_DEV), the first view turned off (FIRST_VIEW_SNAPSHOTS=false) and, with the
// shell from source, the built remotes served beside the shell's dev server.
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { createGateway } from './app';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());
const write = (rel: string, content: string) => {
  mkdirSync(dirname(join(fe.root, rel)), { recursive: true });
  writeFileSync(join(fe.root, rel), content);
};
// The home page's first view, as the builds write it (snapshot.ts): the shell's layout, the page
// prerendered by remote-content.
write('shell/dist/index.html', '<!doctype html><html lang="en"><head><title>Wishlist</title></head><body><div id="root"></div></body></html>');
write('shell/dist/first-view/layout.home.en.html', '<div class="shell-app" data-layout="home.en"><main><!--wishlist-first-view-page--></main></div>');
write('shell/dist/first-view/layout.json', JSON.stringify({ css: [] }));
write('remote-content/dist/first-view/home.en.html', '<p class="content-lead">Gift lists</p>');
write('remote-content/dist/mf-manifest.json', JSON.stringify({ id: 'remote_content', exposes: [{ path: './HomePage', assets: { css: { sync: [], async: [] } } }] }));
// remote-lists as built.
write('remote-lists/dist/mf-manifest.json', '{"id":"remote_lists","built":true}');
write('remote-lists/dist/remoteEntry.js', 'var remote_lists;');

const gateway = (env: Record<string, string> = {}) => createGateway(configFor(fe.root, env), { shout: () => undefined }).app;
const html = { Accept: 'text/html,application/xhtml+xml' };

/** The CSP's directives by name: `{ 'script-src': ["'self'", ...] }`. */
async function policyOf(env: Record<string, string>): Promise<Record<string, string[]>> {
  const res = await request(gateway(env)).get('/remotes.json');
  const policy = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('CSP in dev mode', () => {
  it('admits the dev servers DEV_SERVERS names: their scripts, styles and HMR sockets, no other', async () => {
    const csp = await policyOf({ DEV_SERVERS: 'http://localhost:3003' });
    expect(csp['script-src']).toContain('http://localhost:3003');
    expect(csp['style-src']).toContain('http://localhost:3003');
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['http://localhost:3003', 'ws://localhost:3003']));
    // The other dev ports are not admitted (the other front ends are served as built).
    expect(JSON.stringify(csp)).not.toMatch(/localhost:300[0124]/);
  });

  it('admits no localhost origin without DEV_SERVERS nor FRONTEND_DEV', async () => {
    const csp = await policyOf({});
    expect(JSON.stringify(csp)).not.toMatch(/localhost|127\.0\.0\.1|ws:/);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('FRONTEND_DEV alone admits the shell and every remote on their default dev ports', async () => {
    const csp = await policyOf({ FRONTEND_DEV: 'true' });
    for (const port of [3000, 3001, 3002, 3003, 3004]) {
      expect(csp['script-src']).toContain(`http://localhost:${port}`);
      expect(csp['connect-src']).toEqual(expect.arrayContaining([`http://localhost:${port}`, `ws://localhost:${port}`]));
    }
  });

  it('refuses a DEV_SERVERS value that is not a list of http(s) URLs, naming the setting', () => {
    expect(() => configFor(fe.root, { DEV_SERVERS: 'not a url' })).toThrow(/DEV_SERVERS: "not" is not an http\(s\) URL: give origins such as http:\/\/localhost:3003/);
    expect(() => configFor(fe.root, { DEV_SERVERS: 'ftp://localhost:3003' })).toThrow(/DEV_SERVERS: "ftp:\/\/localhost:3003" is not an http\(s\) URL/);
    expect(() => configFor(fe.root, { DEV_SERVERS: 'http://localhost:3003, nope' })).toThrow(/DEV_SERVERS: "nope" is not/);
    expect(configFor(fe.root, { DEV_SERVERS: 'http://localhost:3003/, https://dev.example:8443/x' }).devServers).toEqual(['http://localhost:3003', 'https://dev.example:8443']);
  });
});

describe('FIRST_VIEW_SNAPSHOTS', () => {
  it('serves /en with its first view by default, and without it when false', async () => {
    const withSnapshot = await request(gateway()).get('/en').set(html);
    expect(withSnapshot.status).toBe(200);
    expect(withSnapshot.text).toContain('<html lang="en" data-first-view="home">');
    expect(withSnapshot.text).toContain('<div id="first-view"><div class="shell-app" data-layout="home.en"><main><p class="content-lead">Gift lists</p>');

    const off = await request(gateway({ FIRST_VIEW_SNAPSHOTS: 'false' })).get('/en').set(html);
    expect(off.status).toBe(200);
    expect(off.text).toContain('<div id="root"></div>');
    expect(off.text).toContain('id="wishlist-runtime-config"');
    for (const mark of ['id="first-view"', 'data-first-view', 'first-view-css', 'Gift lists']) expect(off.text).not.toContain(mark);
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => configFor(fe.root, { FIRST_VIEW_SNAPSHOTS: 'sometimes' })).toThrow(/FIRST_VIEW_SNAPSHOTS/);
  });
});

describe('FRONTEND_DEV: the shell from its dev server, the built remotes from their dist', () => {
  const devShell = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`dev shell: ${req.url}`);
  });
  let app: ReturnType<typeof gateway>;
  beforeAll(async () => {
    await new Promise<void>((r) => devShell.listen(0, '127.0.0.1', r));
    const { port } = devShell.address() as AddressInfo;
    app = gateway({ FRONTEND_DEV: 'true', DEV_SHELL_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    devShell.closeAllConnections();
    await new Promise((r) => devShell.close(r));
  });

  it('serves a built remote under /remotes/<short>/ from its dist, never from the dev server', async () => {
    const res = await request(app).get('/remotes/lists/mf-manifest.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'remote_lists', built: true });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/remotes/lists/remoteEntry.js')).text).toBe('var remote_lists;');
  });

  it("proxies the pages and the shell's own files to the dev server", async () => {
    for (const path of ['/en', '/static/js/index.js']) {
      const res = await request(app).get(path).set(html);
      expect({ path, status: res.status, text: res.text }).toEqual({ path, status: 200, text: `dev shell: ${path}` });
    }
  });

  it('keeps /api and /remotes.json its own: never proxied', async () => {
    expect((await request(app).get('/remotes.json')).body.remotes).toBeDefined();
    const api = await request(app).get('/api/nothing');
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('not_found');
  });
});
