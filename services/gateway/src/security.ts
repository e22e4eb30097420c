import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { KNOWN_REMOTES, type GatewayConfig } from './config';

/**
 * helmet with a Content-Security-Policy admitting only what the app loads: its own scripts
 * (+ the affiliate script's origin when enabled), its own styles + inline styles (React style
 * props), images from itself and data: URIs only (product pictures are our own resized
 * copies, `/api/images/…`, so visitors' browsers never call a shop; CSP_IMG_SRC_EXTRA may add an
 * origin), API calls to itself only. Dev mode (FRONTEND_DEV, DEV_SERVERS) also admits the Rsbuild dev
 * servers (scripts, HMR sockets).
 *
 * Every directive is a constant, so helmet's answer is the same for every request: it is taken
 * once (helmet run on a recording response) and replayed per request, instead of running helmet's
 * dozen middlewares and rebuilding the CSP string each time.
 */
export function securityHeaders(config: GatewayConfig): RequestHandler {
  const scriptSrc = ["'self'"];
  if (!config.deactivateAffiliation) scriptSrc.push(new URL(config.affiliateScriptUrl).origin);
  const styleSrc = ["'self'", "'unsafe-inline'"];
  const imgSrc = ["'self'", 'data:', ...config.imgSrcExtra];
  const connectSrc = ["'self'"];
  const fontSrc = ["'self'", 'data:'];
  const devServers = config.devServers.length
    ? config.devServers
    : config.frontendDev
      ? [config.devShellUrl, ...KNOWN_REMOTES.map((r) => `http://localhost:${r.devPort}`)]
      : [];
  if (devServers.length) {
    for (const u of devServers.map((o) => new URL(o))) {
      scriptSrc.push(u.origin);
      styleSrc.push(u.origin);
      imgSrc.push(u.origin);
      fontSrc.push(u.origin);
      connectSrc.push(u.origin, `ws://${u.host}`);
    }
    connectSrc.push('ws:');
  }
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        scriptSrcAttr: ["'none'"],
        styleSrc,
        imgSrc,
        fontSrc,
        connectSrc,
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the public URL is https.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  return precomputed((req, res, next) =>
    headers(req, res, (err?: unknown) => {
      if (err) return next(err);
      // Powerful features the product never uses stay off, for its pages and any script on them.
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    }),
  );
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The headers a request-independent middleware sets and removes, recorded once on a fake response,
 * then applied to each response as a flat list. Throws if the middleware did anything else (or
 * did not call next synchronously): then it is not request-independent and cannot be replayed.
 */
export function precomputed(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): RequestHandler {
  const set: [string, string][] = [];
  const removed: string[] = [];
  let called = false;
  const fakeReq = { headers: {}, method: 'GET', url: '/' } as unknown as IncomingMessage;
  const fakeRes = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`precomputed: ${name} is not a plain string`);
      set.push([name, value]);
      return this;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  } as unknown as ServerResponse;
  middleware(fakeReq, fakeRes, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('precomputed: the middleware did not call next synchronously');
  return (_req, res, next) => {
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]);
    for (let i = 0; i < set.length; i++) res.setHeader(set[i][0], set[i][1]);
    next();
  };
}
