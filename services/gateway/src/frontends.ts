import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { NATIVE_SHELL_COOKIE } from '@wishlist/contracts';
import { parse as parseCookies } from 'cookie';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { KNOWN_REMOTES, type GatewayConfig, type RemoteEntry } from './config';
import { firstViewHints, renderIndex } from './firstView';
import type { FirstViewSnapshots } from './snapshot';
import { plainAddress } from './network';
import { Previews } from './preview';
import { RemoteReleases, type KeptRelease } from './releases';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
// Rsbuild names hashed files `name.<8+ hex>.ext` (static/js/123.abcd1234.js, static/css/index.abcd1234.css).
const HASHED = /\.[0-9a-f]{8,}\.(?:js|mjs|cjs|css|map|woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif|ico|wasm|json|txt)$/i;

/** Hashed chunks are cached for a year; everything else (index.html, mf-manifest.json, remoteEntry.js) revalidates. */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(basename(filePath)) ? IMMUTABLE : 'no-cache';
}

/** The shell's web app manifest: browsers and Bubblewrap expect this media type. */
export const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/**
 * The files every front end's build also wrote as brotli at its best quality (`<file>.br`,
 * shared/mf-config/src/precompress.ts): ~14% fewer bytes of JavaScript on the wire
 * than the compression middleware's on-the-fly brotli. Looked up per request, not indexed once
 * at start (as express-static-gzip does): a remote is redeployed under a running gateway.
 */
const PRECOMPRESSED = /\.(?:js|css|json|svg|webmanifest|txt)$/;

function serveDir(dir: string, index: string | false): RequestHandler {
  const files = express.static(dir, {
    index,
    cacheControl: false,
    dotfiles: 'ignore',
    redirect: false,
    // The service worker (sw.js) and the manifest carry no hash: no-cache like index.html, so a new
    // deployment's worker is installed on the next load. A precompressed copy is cached as its file.
    setHeaders: (res, filePath) => {
      const file = filePath.replace(/\.br$/, '');
      res.setHeader('Cache-Control', cacheControlFor(file));
      if (file.endsWith('.webmanifest')) res.setHeader('Content-Type', MANIFEST_TYPE);
    },
  });
  return (req, res, next) => {
    const wanted = (req.method === 'GET' || req.method === 'HEAD') && PRECOMPRESSED.test(req.path);
    if (!wanted) return files(req, res, next);
    res.vary('Accept-Encoding');
    if (!req.acceptsEncodings('br')) return files(req, res, next);
    const url = req.url;
    const query = url.indexOf('?');
    res.type(extname(req.path));
    res.setHeader('Content-Encoding', 'br');
    req.url = query < 0 ? `${url}.br` : `${url.slice(0, query)}.br${url.slice(query)}`;
    files(req, res, (err?: unknown) => {
      req.url = url;
      if (err) return next(err);
      // No `.br` beside it (a file too small to be worth it, an older build): the file itself.
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      files(req, res, next);
    });
  };
}

export function remoteDists(config: GatewayConfig): { name: string; short: string; dir: string }[] {
  return KNOWN_REMOTES.map((r) => ({ name: r.name, short: r.short, dir: config[r.distKey] }));
}

/**
 * The built remotes' release stores and the preview cookies (preview.ts), one per gateway: made
 * once at start (createGateway) and shared by /remotes.json, the pages and /remotes/<short>/.
 */
export function remotePreviews(config: GatewayConfig): Previews {
  return new Previews(
    remoteDists(config).map((r) => ({ name: r.name, short: r.short, releases: new RemoteReleases(r.dir, config.releasePreviewSecret) })),
    { publicUrl: config.publicUrl },
  );
}

/**
 * One remote in /remotes.json. A built remote names its live `version` (releases.ts); a browser
 * previewing a release of it gets that release's `version`, `preview: true` and an entry URL naming
 * the release (the cookie decides what is served; the query only keeps the two apart in caches).
 */
export type RemoteListing = RemoteEntry & { version?: string; preview?: true };

/** The remotes listed in /remotes.json: REMOTES, else dev servers (dev mode), else the built ones. */
export function listRemotes(config: GatewayConfig, previews?: Previews, previewed: ReadonlyMap<string, KeptRelease> = new Map()): RemoteListing[] {
  if (config.remotes) return config.remotes;
  if (config.frontendDev) {
    return KNOWN_REMOTES.map((r) => ({ name: r.name, entry: `http://localhost:${r.devPort}/mf-manifest.json` }));
  }
  return remoteDists(config)
    .filter((r) => existsSync(join(r.dir, 'mf-manifest.json')))
    .map((r): RemoteListing => {
      const entry = `/remotes/${r.short}/mf-manifest.json`;
      const preview = previewed.get(r.name);
      if (preview) return { name: r.name, entry: `${entry}?release=${encodeURIComponent(preview.version)}`, version: preview.version, preview: true };
      const version = previews?.remote(r.short)?.releases.liveVersion();
      return version ? { name: r.name, entry, version } : { name: r.name, entry };
    });
}

export interface RuntimeConfig {
  remotes: RemoteListing[];
  affiliation: { scriptUrl: string | null };
}

/** What /remotes.json answers (and what index.html carries inline), for this request's previews. */
export function runtimeConfigOf(config: GatewayConfig, previews?: Previews, previewed?: ReadonlyMap<string, KeptRelease>): RuntimeConfig {
  return {
    remotes: listRemotes(config, previews, previewed),
    affiliation: { scriptUrl: config.deactivateAffiliation ? null : config.affiliateScriptUrl },
  };
}

/** GET /remotes.json: the runtime federation config the shell reads at start. */
export function remotesJson(config: GatewayConfig, previews?: Previews): RequestHandler {
  return (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    // A browser previewing a release gets another answer at the same URL.
    if (previews) res.vary('Cookie');
    res.json(runtimeConfigOf(config, previews, previews?.previewsOf(req)));
  };
}

const NOT_SPA = /^\/(api|internal|remotes|dev|downloads)(\/|$)/;

/** The browser extension's packages at stable addresses (the how-to-use-extension guide links them). */
export const EXTENSION_DOWNLOADS: Readonly<Record<string, string>> = {
  'wishlist-chrome.zip': 'chrome.zip',
  'wishlist-firefox.zip': 'firefox.zip',
};

/** GET /downloads/wishlist-{chrome,firefox}.zip: the last build, revalidated on every download. */
export function extensionDownloads(config: GatewayConfig): RequestHandler {
  return (req, res, next) => {
    const file = EXTENSION_DOWNLOADS[req.path.replace(/^\//, '')];
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const path = join(config.extensionRelease, file);
    if (!existsSync(path)) return next();
    res.sendFile(
      path,
      {
        cacheControl: false,
        headers: {
          'Cache-Control': 'no-cache',
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${req.path.slice(1)}"`,
        },
      },
      (err) => {
        if (err) next(err);
      },
    );
  };
}

/** The built remotes under /remotes/<short>/. */
export function builtRemotes(config: GatewayConfig): Router {
  const router = express.Router();
  for (const r of remoteDists(config)) router.use(`/remotes/${r.short}`, serveDir(r.dir, false));
  return router;
}

/**
 * Static remotes under /remotes/<short>/ (a previewed release's unhashed files for a browser in
 * preview, preview.ts), and the shell at / with the SPA fallback.
 */
export function staticFrontends(router: Router, config: GatewayConfig, snapshots?: FirstViewSnapshots, previews?: Previews): void {
  router.use('/downloads', extensionDownloads(config));
  for (const r of remoteDists(config)) {
    const remote = previews?.remote(r.short);
    if (previews && remote) {
      router.get(`/remotes/${r.short}/preview/off`, previews.leave(remote));
      router.get(`/remotes/${r.short}/preview/:version`, previews.enter(remote));
      const isPointer = (path: string) => !HASHED.test(basename(path).replace(/\.br$/, ''));
      router.use(`/remotes/${r.short}`, previews.releaseFiles(remote, (dir) => serveDir(dir, false), isPointer));
    }
  }
  router.use(builtRemotes(config));
  // `/` and the app's routes: index.html written for the page (the static copy for other clients).
  const page = spaFallback(config.shellDist, config, snapshots, previews);
  router.get('/', page);
  router.use(serveDir(config.shellDist, 'index.html'));
  router.use(page);
}

let indexCache: { file: string; mtimeMs: number; size: number; html: string } | null = null;

function readIndex(file: string): string {
  const stat = statSync(file);
  if (!indexCache || indexCache.file !== file || indexCache.mtimeMs !== stat.mtimeMs || indexCache.size !== stat.size) {
    indexCache = { file, mtimeMs: stat.mtimeMs, size: stat.size, html: readFileSync(file, 'utf8') };
  }
  return indexCache.html;
}

/**
 * HTML navigations to app routes (no file behind them) get the shell's index.html; with the
 * gateway's config, written for the route (firstView.ts: the runtime config and first view inline, a preload hint).
 */
export function spaFallback(shellDist: string, config?: GatewayConfig, snapshots?: FirstViewSnapshots, previews?: Previews): RequestHandler {
  const index = join(shellDist, 'index.html');
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_SPA.test(req.path)) return next();
    if (!String(req.headers.accept ?? '').includes('text/html')) return next();
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The front end is not built yet: run `npm run build -w shell` (npm start does it for you).');
      return;
    }
    if (!config) {
      res.sendFile(index, { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } }, (err) => {
        if (err) next(err);
      });
      return;
    }
    let html: string;
    try {
      html = readIndex(index);
    } catch (err) {
      next(err);
      return;
    }
    // A browser previewing a release (preview.ts) gets its config, hints and snapshot: never cached for others.
    const previewed = previews?.previewsOf(req) ?? new Map<string, KeptRelease>();
    const runtimeConfig = runtimeConfigOf(config, previews, previewed);
    const hints = firstViewHints(req.path, runtimeConfig.remotes);
    // The first view's markup (snapshot.ts); never an error because of it. An owner's
    // preview (`?preview=visitor`) is not what an anonymous visitor sees, nor is the Android
    // wrapper's native mode (its own header): no snapshot.
    const snapshot =
      snapshots && req.method === 'GET' && req.query.preview === undefined && !isNativeShellRequest(req)
        ? await snapshots
            .snapshotFor(req, req.path, plainAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown'), {
              remoteContent: previewed.get('remote_content')?.dir,
              remoteLists: previewed.get('remote_lists')?.dir,
            })
            .catch(() => null)
        : null;
    res.setHeader('Cache-Control', 'no-cache');
    if (previews) res.vary('Cookie');
    // The shared list's snapshot is in the language the browser asks for.
    if (snapshots) res.vary('Accept-Language');
    res.type('html').send(renderIndex(html, runtimeConfig, hints, snapshot));
  };
}

/** The Android wrapper's native mode: `?shell=android` on this load, or the shell's session cookie. */
export function isNativeShellRequest(req: Pick<Request, 'query' | 'headers'>): boolean {
  if (req.query.shell !== undefined) return true;
  return req.headers.cookie !== undefined && parseCookies(req.headers.cookie)[NATIVE_SHELL_COOKIE] === '1';
}
