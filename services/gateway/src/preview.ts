// Previewing a release of a remote before it is live (scripts/deploy-remote.mjs --preview).
//
// The script prints a link `/remotes/<short>/preview/<version>?exp=<unix s>&sig=<HMAC>`, signed
// with the remote's preview key (releases.ts). Opening it changes nothing on the server: the
// gateway checks the signature, the expiry and that the release is kept, then sets a cookie it
// signs itself (`wishlist-preview-<short>`: HttpOnly, SameSite=Lax, Secure over https, 24 h) naming
// the remote and the release, and redirects to `/`. On every later request of that browser, the
// cookie is checked again (signature, expiry, the release still kept): then /remotes.json, the
// runtime config inline in index.html, the preload hints and the first-view snapshot name that
// release, and the remote's unhashed files (remoteEntry.js, mf-manifest.json, …) come from it. A
// forged, expired or unknown cookie, or one naming a release since pruned, is ignored: the live
// release is served. `/remotes/<short>/preview/off` removes the cookie.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';
import { RemoteReleases, type KeptRelease } from './releases';

export const PREVIEW_COOKIE_PREFIX = 'wishlist-preview-';
/** How long a browser stays in preview once it opened a link (the cookie's own expiry). */
export const PREVIEW_COOKIE_TTL_S = 24 * 3600;
const SIG = /^[A-Za-z0-9_-]{43}$/;

export interface PreviewRemote {
  /** Federation name: `remote_content`. */
  name: string;
  /** Path under /remotes/: `content`. */
  short: string;
  releases: RemoteReleases;
}

function hmac(key: Buffer, purpose: 'link' | 'cookie', remote: string, version: string, exp: number): string {
  return createHmac('sha256', key).update(`wishlist-preview-${purpose}\n${remote}\n${version}\n${exp}`).digest('base64url');
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The link the deploy script prints (the same bytes as scripts/releases/store.mjs signPreviewLink). */
export function signPreviewLink(key: Buffer, remote: string, version: string, exp: number): string {
  return hmac(key, 'link', remote, version, exp);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const MESSAGES = {
  invalid_preview_link: {
    en: 'This preview link is incomplete or was not made by this site.',
    fr: 'Ce lien d’aperçu est incomplet ou n’a pas été créé par ce site.',
  },
  preview_link_expired: {
    en: 'This preview link has expired: ask for a new one.',
    fr: 'Ce lien d’aperçu a expiré : demandez-en un nouveau.',
  },
  release_not_found: {
    en: 'This release is not on the server any more (or never was).',
    fr: 'Cette version n’est plus sur le serveur (ou n’y a jamais été).',
  },
} as const;

function refuse(req: Request, res: Response, status: number, code: keyof typeof MESSAGES): void {
  const language = (new Negotiator(req).language(['en', 'fr']) as 'en' | 'fr' | undefined) ?? 'en';
  res.setHeader('Cache-Control', 'no-store');
  res.vary('Accept-Language');
  res.status(status).json({ error: { code, message: MESSAGES[code][language] } });
}

export class Previews {
  constructor(
    private readonly remotes: readonly PreviewRemote[],
    private readonly options: { publicUrl: string },
  ) {}

  remote(short: string): PreviewRemote | undefined {
    return this.remotes.find((r) => r.short === short);
  }

  /**
   * The release of `remote` this request previews: a cookie the gateway signed, not expired,
   * naming a release still kept that is not the live one. Null otherwise.
   */
  previewOf(req: Pick<IncomingMessage, 'headers'>, remote: PreviewRemote): KeptRelease | null {
    const header = req.headers.cookie;
    if (!header || !header.includes(PREVIEW_COOKIE_PREFIX)) return null;
    const raw = parseCookies(header)[PREVIEW_COOKIE_PREFIX + remote.short];
    if (!raw) return null;
    const [version, expText, sig, ...rest] = raw.split('|');
    if (rest.length || !version || !expText || !sig || !/^\d{1,12}$/.test(expText) || !SIG.test(sig)) return null;
    const exp = Number(expText);
    if (exp <= nowSeconds()) return null;
    const key = remote.releases.previewKey();
    if (!key || !sameSignature(sig, hmac(key, 'cookie', remote.name, version, exp))) return null;
    if (version === remote.releases.liveVersion()) return null;
    return remote.releases.kept(version);
  }

  /** Every remote this request previews, by federation name. */
  previewsOf(req: Pick<IncomingMessage, 'headers'>): Map<string, KeptRelease> {
    const out = new Map<string, KeptRelease>();
    if (!req.headers.cookie?.includes(PREVIEW_COOKIE_PREFIX)) return out;
    for (const r of this.remotes) {
      const release = this.previewOf(req, r);
      if (release) out.set(r.name, release);
    }
    return out;
  }

  private cookieOptions(req: Request) {
    return { httpOnly: true, sameSite: 'lax' as const, secure: req.secure || this.options.publicUrl.startsWith('https:'), path: '/' };
  }

  /** GET /remotes/<short>/preview/<version>?exp&sig: checks the link, sets the cookie, redirects to /. */
  enter(remote: PreviewRemote): RequestHandler {
    return (req, res) => {
      const version = String(req.params.version ?? '');
      const { exp: expText, sig } = req.query;
      if (typeof expText !== 'string' || !/^\d{1,12}$/.test(expText) || typeof sig !== 'string' || !SIG.test(sig)) {
        return refuse(req, res, 400, 'invalid_preview_link');
      }
      const key = remote.releases.previewKey();
      const exp = Number(expText);
      if (!key || !sameSignature(sig, signPreviewLink(key, remote.name, version, exp))) return refuse(req, res, 403, 'invalid_preview_link');
      if (exp <= nowSeconds()) return refuse(req, res, 410, 'preview_link_expired');
      if (!remote.releases.kept(version)) return refuse(req, res, 404, 'release_not_found');
      const until = nowSeconds() + PREVIEW_COOKIE_TTL_S;
      const value = `${version}|${until}|${hmac(key, 'cookie', remote.name, version, until)}`;
      res.setHeader('Set-Cookie', serializeCookie(PREVIEW_COOKIE_PREFIX + remote.short, value, { ...this.cookieOptions(req), maxAge: PREVIEW_COOKIE_TTL_S }));
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, '/');
    };
  }

  /** GET /remotes/<short>/preview/off: back to the live release. */
  leave(remote: PreviewRemote): RequestHandler {
    return (req, res) => {
      res.setHeader('Set-Cookie', serializeCookie(PREVIEW_COOKIE_PREFIX + remote.short, '', { ...this.cookieOptions(req), maxAge: 0 }));
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, '/');
    };
  }

  /**
   * A previewed release's unhashed files, from its own directory in the release store, for the
   * browser whose cookie names it; anything else goes on to the live directory (`next`).
   * `serveDir` serves one directory (each release's is its own root: nothing above it, such as the
   * store's record or key, can be reached); `isPointer` tells the files that vary by release.
   */
  releaseFiles(remote: PreviewRemote, serveDir: (dir: string) => RequestHandler, isPointer: (path: string) => boolean): RequestHandler {
    const handlers = new Map<string, RequestHandler>();
    const handlerFor = (dir: string): RequestHandler => {
      let handler = handlers.get(dir);
      if (!handler) {
        // Kept releases are few; a store that keeps many only costs a new handler now and then.
        if (handlers.size >= 32) handlers.delete(handlers.keys().next().value!);
        handlers.set(dir, (handler = serveDir(dir)));
      }
      return handler;
    };
    return (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPointer(req.path)) return next();
      // The same URL answers differently for a browser in preview.
      res.vary('Cookie');
      const release = this.previewOf(req, remote);
      if (!release) return next();
      let file: string;
      try {
        file = decodeURIComponent(req.path).replace(/^\/+/, '');
      } catch {
        return next();
      }
      if (!release.files.has(file)) return next();
      handlerFor(release.dir)(req, res, next);
    };
  }
}
