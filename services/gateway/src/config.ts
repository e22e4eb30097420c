import { resolve } from 'node:path';
import express from 'express';
import { z } from 'zod';
import { commonSettings, defineConfig, schemas, setting, type ConfigOf, type Env } from '@wishlist/service-kit';
import { androidCertFingerprints, androidPackageName } from './assetLinks';
import { parseAllowedHosts } from './hosts';

/** Repository root (services/gateway/src → ../../..): default location of the front-end builds. */
export const REPO_ROOT = resolve(__dirname, '../../..');

/** The remotes the shell knows (docs/frontend-contract.md). */
export const KNOWN_REMOTES = [
  { name: 'remote_content', short: 'content', distKey: 'remoteContentDist', devPort: 3001 },
  { name: 'remote_auth', short: 'auth', distKey: 'remoteAuthDist', devPort: 3002 },
  { name: 'remote_lists', short: 'lists', distKey: 'remoteListsDist', devPort: 3003 },
  { name: 'remote_basket_offer', short: 'basket-offer', distKey: 'remoteBasketOfferDist', devPort: 3004 },
] as const;

export const DEFAULT_AFFILIATE_SCRIPT_URL = 'https://s.skimresources.com/js/wishlist.skimlinks.js';

const remoteEntrySchema = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a federation name'),
  entry: z.string().refine((s) => s.startsWith('/') || /^https?:\/\//.test(s), 'an absolute path or http(s) URL'),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

const remotesOverride = z
  .string()
  .optional()
  .transform((raw, ctx): RemoteEntry[] | undefined => {
    if (!raw) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: [{ "name", "entry" }, ...]' });
      return z.NEVER;
    }
    const parsed = z.array(remoteEntrySchema).safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `must be [{ "name", "entry" }, ...]: ${parsed.error.issues[0]?.message}` });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * One service's instances: `http://a:4002` or `http://a:4002,http://b:4002` (commas or spaces);
 * the gateway spreads requests over them.
 */
const urlList = z
  .string()
  .transform((v) => [...new Set(v.split(/[\s,]+/).filter(Boolean).map((u) => u.replace(/\/+$/, '')))])
  .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be http(s) URLs, separated by commas' })).min(1, 'needs at least one URL'));

/**
 * Express "trust proxy": `false` (default: the client is the socket's peer), a hop count, or the
 * proxies whose X-Forwarded-For is believed (`loopback`, `uniquelocal`, addresses, subnets).
 * `true` (believe every hop, so the left-most address any client writes) is refused. The value is
 * what `app.set('trust proxy', …)` takes.
 */
const trustProxy = z
  .string()
  .transform((raw, ctx): false | number | string => {
    const v = raw.trim();
    if (v === 'true') {
      ctx.addIssue({ code: 'custom', message: "'true' would believe any client's X-Forwarded-For: name the proxy (loopback, an address, a subnet) or a hop count" });
      return z.NEVER;
    }
    const value = v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v;
    try {
      express().set('trust proxy', value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `not a list of addresses or subnets: ${(err as Error).message}` });
      return z.NEVER;
    }
    return value;
  });

/**
 * Origins the CSP admits (`http://localhost:3003,https://cdn.example`): http(s) URLs separated by
 * commas or spaces, each reduced to its origin. One message names the first entry that is not one.
 */
const originList = z.string().transform((raw, ctx): string[] => {
  const origins: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(entry)} is not an http(s) URL: give origins such as http://localhost:3003, separated by commas` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

const allowedHosts = z.string().transform((raw, ctx) => {
  try {
    return parseAllowedHosts(raw);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
});

/**
 * A remote's live directory: `<REMOTE_RELEASES_DIR>/<remote dir>` when one store holds every
 * remote (a volume every gateway mounts: they then switch releases together), else its build in
 * the repository. REMOTE_<NAME>_DIST names one remote's directory itself.
 */
const dist = (dir: string) => (env: Env) => (env.REMOTE_RELEASES_DIR ? resolve(env.REMOTE_RELEASES_DIR, dir) : resolve(REPO_ROOT, dir, 'dist'));
const distSettings = {
  remoteReleasesDir: setting('REMOTE_RELEASES_DIR', z.string().min(1).optional(), undefined, {
    description:
      "one release store for every remote, <dir>/remote-content, remote-auth, remote-lists, remote-basket-offer (deploy-remote.mjs writes them): gateways sharing it serve the same releases",
  }),
  remoteContentDist: setting('REMOTE_CONTENT_DIST', z.string().min(1), dist('remote-content')),
  remoteAuthDist: setting('REMOTE_AUTH_DIST', z.string().min(1), dist('remote-auth')),
  remoteListsDist: setting('REMOTE_LISTS_DIST', z.string().min(1), dist('remote-lists')),
  remoteBasketOfferDist: setting('REMOTE_BASKET_OFFER_DIST', z.string().min(1), dist('remote-basket-offer')),
  extensionRelease: setting('EXTENSION_RELEASE_DIR', z.string().min(1), resolve(REPO_ROOT, 'extension', 'release'), {
    description: 'where `npm run build -w extension` wrote chrome.zip and firefox.zip, offered under /downloads/',
  }),
};

export const gatewayConfig = defineConfig('gateway', {
  ...commonSettings({ port: 8080 }),
  publicUrl: setting('PUBLIC_URL', schemas.url, (env) => `http://localhost:${env.PORT || '8080'}`, {
    description: 'the address people open; other Host names get 421 (ALLOWED_HOSTS adds some)',
    production: 'the address people open: any other Host is refused',
  }),
  // Clients are browsers: nothing in front of the gateway unless you say so.
  trustProxy: setting('TRUST_PROXY', trustProxy, 'false', {
    description: 'the proxy hops in front whose X-Forwarded-For is believed (false: none, the client is the socket)',
  }),
  allowedHosts: setting('ALLOWED_HOSTS', allowedHosts, '', {
    description:
      "host names the gateway answers for beside PUBLIC_URL's (and localhost, 127.0.0.1, [::1] on its own port): `name` or `name:port`, comma-separated; others get 421",
  }),
  authUrls: setting('AUTH_URL', urlList, 'http://127.0.0.1:4001', {
    description: 'auth service instances, comma-separated (tokens, accounts, introspection)',
  }),
  listsUrls: setting('LISTS_URL', urlList, 'http://127.0.0.1:4002', { description: 'lists service instances, comma-separated' }),
  offersUrls: setting('OFFERS_URL', urlList, 'http://127.0.0.1:4003', { description: 'offers service instances, comma-separated' }),
  headersTimeoutMs: setting('HEADERS_TIMEOUT_MS', schemas.positiveInt, '10000', {
    description: "longest wait for a request's headers (a new connection's, or the next one on a kept-alive connection)",
  }),
  bodyTimeoutMs: setting('BODY_TIMEOUT_MS', schemas.positiveInt, '10000', {
    description: 'longest wait for a whole /api request body once its headers are in (408 after)',
  }),
  maxBodyKb: setting('MAX_BODY_KB', schemas.positiveInt, '128', { description: 'largest /api request body (413 above)' }),
  maxImportBodyKb: setting('MAX_IMPORT_BODY_KB', schemas.positiveInt, '1536', {
    description: 'largest body of a list import (POST /api/product-lists/import: a whole exported list, 1 MB, maybe wrapped in JSON)',
  }),
  maxConnectionsPerClient: setting('MAX_CONNECTIONS_PER_CLIENT', schemas.positiveInt, '64', {
    description: 'open connections per client address at once; more are closed at once (trusted proxies are not counted)',
  }),
  upstreamTimeoutMs: setting('UPSTREAM_TIMEOUT_MS', schemas.positiveInt, '15000', {
    description: 'longest wait for a service answer before a 503',
  }),
  introspectionTimeoutMs: setting('INTROSPECTION_TIMEOUT_MS', schemas.positiveInt, '3000'),
  introspectionCacheMs: setting('INTROSPECTION_CACHE_MS', z.coerce.number().int().min(0).max(2000), '2000', {
    description: 'how long a bearer check is reused (at most 2 s: a revoked bearer stops within it)',
  }),
  apiCacheMaxMb: setting('API_CACHE_MAX_MB', z.coerce.number().min(0).max(4096), '32', {
    description: 'memory for anonymous /api reads a service marks shareable (s-maxage); 0 turns the cache off',
  }),
  shellDist: setting('SHELL_DIST', z.string().min(1), resolve(REPO_ROOT, 'shell', 'dist')),
  remotes: setting('REMOTES', remotesOverride, undefined, {
    description: 'JSON override of the remotes listed in /remotes.json',
  }),
  affiliateScriptUrl: setting('AFFILIATE_SCRIPT_URL', schemas.url, DEFAULT_AFFILIATE_SCRIPT_URL, {
    description: "the affiliate network's script: replace with your publisher's script",
  }),
  deactivateAffiliation: setting(
    'VITE_DEACTIVATE_AFFILIATION',
    z.string().optional().transform((v) => v === 'true'),
    undefined,
  ),
  frontendDev: setting('FRONTEND_DEV', schemas.boolean, 'false', {
    description: 'dev mode: / proxied to the shell dev server, remotes.json points at the remote dev servers',
  }),
  devShellUrl: setting('DEV_SHELL_URL', schemas.url, 'http://localhost:3000'),
  devServers: setting(
    'DEV_SERVERS',
    originList,
    '',
    {
      description:
        'origins of front-end dev servers (npm run dev) whose scripts, styles and HMR sockets the pages may use; FRONTEND_DEV alone admits the shell and the remotes on their default dev ports',
    },
  ),
  firstViewSnapshots: setting('FIRST_VIEW_SNAPSHOTS', schemas.boolean, 'true', {
    description: "server-rendered first view of the home page and shared lists from the built remotes; npm run dev turns it off while a remote runs from source",
  }),
  imgSrcExtra: setting(
    'CSP_IMG_SRC_EXTRA',
    originList,
    '',
    { description: 'extra origins images may come from (a CDN); by default only our own origin and data: URIs (product pictures are served by /api/images)' },
  ),
  androidPackageName: setting('ANDROID_PACKAGE_NAME', androidPackageName, undefined, {
    description: 'application id of the Android Trusted Web Activity wrapper (docs/android-wrapper.md), served in /.well-known/assetlinks.json; unset: 404',
  }),
  androidCertFingerprints: setting('ANDROID_CERT_FINGERPRINTS', androidCertFingerprints, undefined, {
    description: "SHA-256 fingerprints (AA:BB:…, 32 bytes) of the wrapper's signing certificates, comma-separated; set with ANDROID_PACKAGE_NAME",
  }),
  releasePreviewSecret: setting('RELEASE_PREVIEW_SECRET', z.string().min(32, 'must be at least 32 characters').optional(), undefined, {
    description:
      "key of the remote release preview links (scripts/deploy-remote.mjs --preview, which must see the same value); unset: the key the script keeps in each remote's live dir (.releases/preview.key)",
    secret: true,
  }),
  ...distSettings,
});

export type GatewayConfig = ConfigOf<typeof gatewayConfig>;
