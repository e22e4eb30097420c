import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { KNOWN_REMOTES, type GatewayConfig } from './config';

/**
 * helmet with a Content-Security-Policy admitting only what the app loads: its own scripts
 * (+ the affiliate script's origin when enabled), its own styles + inline styles (React style
 * props), images from anywhere over https (product images come from every shop), API calls to
 * itself only. Dev mode also admits the Rsbuild dev servers (scripts, HMR sockets).
 */
export function securityHeaders(config: GatewayConfig): RequestHandler {
  const scriptSrc = ["'self'"];
  if (!config.deactivateAffiliation) scriptSrc.push(new URL(config.affiliateScriptUrl).origin);
  const styleSrc = ["'self'", "'unsafe-inline'"];
  const imgSrc = ["'self'", 'data:', 'https:', ...config.imgSrcExtra];
  const connectSrc = ["'self'"];
  const fontSrc = ["'self'", 'data:'];
  if (config.frontendDev) {
    const dev = [config.devShellUrl, ...KNOWN_REMOTES.map((r) => `http://localhost:${r.devPort}`)].map((u) => new URL(u));
    for (const u of dev) {
      scriptSrc.push(u.origin);
      styleSrc.push(u.origin);
      imgSrc.push(u.origin);
      fontSrc.push(u.origin);
      connectSrc.push(u.origin, `ws://${u.host}`);
    }
    connectSrc.push('ws:');
  }
  return helmet({
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
}
