import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { detectBotWall, REFUSAL_STATUSES } from './challenge';
import { decodeHtml } from './decode';
import { PageFetchError } from './errors';
import { checkUrl, createGuardAgents, isRefusedByAgent, MESSAGES, type CheckedUrl } from './guard';

export interface PageFetcherOptions {
  /** Parsed PAGE_FETCH_ALLOWLIST (`host:port`, lower case). */
  allowlist: ReadonlySet<string>;
  /** Whole fetch, every redirect hop included. */
  timeoutMs: number;
  /** Connecting, or a connection staying silent (default: min(5 s, timeoutMs)). */
  idleTimeoutMs?: number;
  /** Decoded (decompressed) body size cap. */
  maxBytes: number;
  maxRedirects: number;
  /** DNS resolution (tests inject one); the guard checks whatever it answers at connect time. */
  lookup?: LookupFunction;
}

export interface FetchedPage {
  /** Final URL, after redirects. */
  url: string;
  /** The page, decoded to a string (charset from BOM, header or meta; UTF-8 if valid, else windows-1252). */
  html: string;
}

export interface PageFetcher {
  fetch(url: string, options?: { signal?: AbortSignal; acceptLanguage?: string }): Promise<FetchedPage>;
  close(): void;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A refusal's body is only read to tell a bot wall from another error: a smaller cap. */
const REFUSAL_MAX_BYTES = 512 * 1024;

type HopResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'page' | 'refused'; status: number; headers: http.IncomingHttpHeaders; body: Buffer; charset?: string };

export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const agents = createGuardAgents(options.lookup);
  const idleTimeoutMs = options.idleTimeoutMs ?? Math.min(5000, options.timeoutMs);

  function hop(checked: CheckedUrl, signal: AbortSignal, acceptLanguage: string): Promise<HopResult> {
    const { url } = checked;
    const client = url.protocol === 'https:' ? https : http;
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return new Promise<HopResult>((resolve, reject) => {
      let settled = false;
      const fail = (err: PageFetchError) => {
        if (settled) return;
        settled = true;
        req.destroy();
        reject(err);
      };
      const onAbort = () => fail(new PageFetchError('timeout', MESSAGES.timeout));
      if (signal.aborted) return reject(new PageFetchError('timeout', MESSAGES.timeout));
      signal.addEventListener('abort', onAbort, { once: true });

      const req = client.request({
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: agents.pick(checked),
        headers: {
          'User-Agent': USER_AGENT,
          Accept: ACCEPT,
          'Accept-Language': acceptLanguage,
          'Accept-Encoding': 'gzip, deflate, br',
        },
        timeout: idleTimeoutMs,
      });
      req.on('timeout', () => fail(new PageFetchError('timeout', MESSAGES.timeout)));
      req.on('error', (err) => {
        if (isRefusedByAgent(err)) fail(new PageFetchError('forbidden', MESSAGES.forbidden));
        else fail(new PageFetchError('unreachable', MESSAGES.unreachable));
      });
      req.on('close', () => signal.removeEventListener('abort', onAbort));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          res.resume();
          settled = true;
          req.destroy();
          resolve({ kind: 'redirect', location: res.headers.location });
          return;
        }
        const contentType = res.headers['content-type'] ?? '';
        const mime = contentType.split(';')[0].trim().toLowerCase();
        const ok = status >= 200 && status <= 299;
        // A refusal (403, 429, 503…) may be an anti-bot wall: its HTML body says which.
        const refused = !ok && REFUSAL_STATUSES.has(status) && (!mime || HTML_TYPES.has(mime));
        if (!ok && !refused) return fail(statusError(status));
        if (ok && mime && !HTML_TYPES.has(mime)) return fail(new PageFetchError('notHtml', MESSAGES.notHtml));
        const maxBytes = refused ? Math.min(REFUSAL_MAX_BYTES, options.maxBytes) : options.maxBytes;
        const tooLarge = () => (refused ? statusError(status) : new PageFetchError('tooLarge', MESSAGES.tooLarge));
        const declared = Number(res.headers['content-length']);
        const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
        // A compressed body may inflate: the cap below applies to the decoded bytes.
        if (encoding === 'identity' && declared > maxBytes) return fail(tooLarge());
        let body: Readable = res;
        if (encoding === 'gzip' || encoding === 'x-gzip') body = res.pipe(zlib.createGunzip());
        else if (encoding === 'deflate') body = res.pipe(zlib.createInflate());
        else if (encoding === 'br') body = res.pipe(zlib.createBrotliDecompress());
        else if (encoding !== 'identity') return fail(new PageFetchError('unreachable', MESSAGES.unreachable));

        const chunks: Buffer[] = [];
        let size = 0;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            fail(tooLarge()); // first: destroying emits 'aborted'
            body.destroy();
            return;
          }
          chunks.push(chunk);
        });
        body.on('error', () => fail(new PageFetchError('unreachable', MESSAGES.unreachable)));
        res.on('aborted', () => fail(new PageFetchError('unreachable', MESSAGES.unreachable)));
        body.on('end', () => {
          if (settled) return;
          const buffer = Buffer.concat(chunks);
          if (!mime && !looksLikeHtml(buffer)) return fail(refused ? statusError(status) : new PageFetchError('notHtml', MESSAGES.notHtml));
          settled = true;
          resolve({ kind: refused ? 'refused' : 'page', status, headers: res.headers, body: buffer, charset: charsetOf(contentType) });
        });
      });
      req.end();
    });
  }

  return {
    async fetch(input, { signal, acceptLanguage = 'en-US,en;q=0.9' } = {}) {
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
      let checked = checkUrl(input, options.allowlist);
      for (let redirects = 0; ; redirects += 1) {
        const result = await hop(checked, combined, acceptLanguage);
        if (result.kind !== 'redirect') {
          const html = decodeHtml(result.body, result.charset);
          // A robot check is never a product, whatever its status.
          const wall = detectBotWall({ status: result.status, headers: result.headers, html });
          if (wall) throw new PageFetchError('blocked', MESSAGES.blocked, wall);
          if (result.kind === 'refused') throw statusError(result.status);
          return { url: checked.url.href, html };
        }
        if (redirects >= options.maxRedirects) throw new PageFetchError('tooManyRedirects', MESSAGES.tooManyRedirects);
        let next: URL;
        try {
          next = new URL(result.location, checked.url);
        } catch {
          throw new PageFetchError('unreachable', MESSAGES.unreachable);
        }
        // Every hop goes through the same checks (scheme, credentials, names, literal IPs, and
        // the connect-time address check of the agent).
        checked = checkUrl(next, options.allowlist);
      }
    },
    close() {
      agents.destroy();
    },
  };
}

function statusError(status: number): PageFetchError {
  return status === 404 || status === 410
    ? new PageFetchError('notFound', MESSAGES.notFound)
    : new PageFetchError('status', MESSAGES.status(status));
}

function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match ? match[1] : undefined;
}

/** For a server that names no type: accept what starts like an HTML document. */
function looksLikeHtml(body: Buffer): boolean {
  const head = body.subarray(0, 1024).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  return /^(<!doctype html|<html|<head|<!--|<meta|<title)/.test(head);
}
