// Builds the floor (scripts/bench-floor: Rsbuild, as the product's front ends) and serves it as the
// gateway serves the product's /see page: the page rendered on the server with the list in it (the
// gateway writes its snapshot the same way), the precompressed `.br` files to browsers that accept
// brotli, hashed files cached for a year, the HTML revalidated. `/api/` is passed through to the
// running product, so the floor's page and its pictures share one origin, as the product's do: the
// gateway answers `Cross-Origin-Resource-Policy: same-origin`, which a page on another port could
// not load pictures through, and a proxy gives byte for byte the same pictures.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const here = new URL('.', import.meta.url).pathname;
const root = join(here, '..', '..');

/**
 * Builds the floor into scripts/bench-floor/dist (a second or so): `web` the page's files, `render`
 * the server renderer. Throws when the build fails.
 */
export function buildFloor() {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build', '--root', here], {
    cwd: here,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('the floor did not build (scripts/bench-floor)');
  return { web: join(here, 'dist', 'web'), render: join(here, 'dist', 'server', 'render.mjs') };
}

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};
// As the gateway's frontends.ts: Rsbuild's content-hashed names are immutable, the rest revalidates.
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css)$/i;
const acceptsBrotli = (req) => /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));

function proxy(req, res, upstream) {
  const target = new URL(upstream);
  const out = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: 'the product did not answer' } }));
  });
  req.pipe(out);
}

// `<` escaped: nothing in the list can close the script element early.
const inlineJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the floor built by buildFloor on a free port of 127.0.0.1: the page at /floor/{listId},
 * rendered once with the list as an anonymous visitor reads it from `upstream` (the product's
 * gateway), its files under /static/, /api/ passed to `upstream`. Resolves to { url (the page's),
 * list (as rendered), close }.
 */
export async function startFloorServer({ build, upstream, listId }) {
  const dist = build.web;
  const answer = await fetch(`${upstream}/api/product-lists/${encodeURIComponent(listId)}`, { headers: { Accept: 'application/json' } });
  if (!answer.ok) throw new Error(`the floor could not read list ${listId}: ${answer.status}`);
  const list = (await answer.json()).data;
  const { renderFloor } = await import(pathToFileURL(build.render).href);
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const slot = '<div id="root"></div>';
  if (!template.includes(slot)) throw new Error(`the floor's index.html has no ${slot}`);
  const html = Buffer.from(
    template.replace(slot, `<div id="root">${renderFloor(list)}</div><script id="floor-data" type="application/json">${inlineJson(list)}</script>`),
  );
  // The product's HTML is compressed per response (it is written per request); this one is fixed.
  const htmlBr = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
  const page = `/floor/${encodeURIComponent(listId)}`;
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (path.startsWith('/api/')) return proxy(req, res, upstream);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (path.startsWith('/static/')) {
      const file = normalize(join(dist, path));
      if (!file.startsWith(dist + sep) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      const br = acceptsBrotli(req) && existsSync(`${file}.br`);
      const body = readFileSync(br ? `${file}.br` : file);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        Vary: 'Accept-Encoding',
        ...(br ? { 'Content-Encoding': 'br' } : {}),
        'Content-Length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (path !== `/floor/${listId}`) {
      res.writeHead(404).end();
      return;
    }
    const br = acceptsBrotli(req);
    const body = br ? htmlBr : html;
    res.writeHead(200, {
      'Content-Type': TYPES['.html'],
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(br ? { 'Content-Encoding': 'br' } : {}),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      const close = () =>
        new Promise((r) => {
          server.close(() => r());
          server.closeAllConnections();
        });
      resolve({ url: `http://127.0.0.1:${port}${page}`, list, close });
    });
  });
}
