import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkUrl, createGuardAgents, isRefusedByAgent, type CheckedUrl } from '../pages/guard';

/**
 * Fetches a shop's picture through the page fetch's SSRF guard (the same URL checks on every hop
 * and request-filtering-agent's connect-time address check), with a size cap, a deadline and a
 * bounded number of redirects. Only image types are accepted; the bytes are then decoded and
 * re-encoded by sharp, so nothing the shop sent reaches a browser as it came.
 */
export interface ImageFetcherOptions {
  allowlist: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  lookup?: LookupFunction;
}

export class ImageFetchError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable' | 'status' | 'notImage' | 'tooLarge',
    message: string,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

export interface ImageFetcher {
  fetch(url: string): Promise<Buffer>;
  close(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

type Hop = { kind: 'redirect'; location: string } | { kind: 'image'; body: Buffer };

export function createImageFetcher(options: ImageFetcherOptions): ImageFetcher {
  const agents = createGuardAgents(options.lookup);

  function hop(checked: CheckedUrl, signal: AbortSignal): Promise<Hop> {
    const { url } = checked;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Hop>((resolve, reject) => {
      let settled = false;
      const fail = (err: ImageFetchError) => {
        if (settled) return;
        settled = true;
        req.destroy();
        reject(err);
      };
      const onAbort = () => fail(new ImageFetchError('unreachable', 'The picture took too long to arrive.'));
      if (signal.aborted) return reject(new ImageFetchError('unreachable', 'The picture took too long to arrive.'));
      signal.addEventListener('abort', onAbort, { once: true });
      const req = client.request({
        protocol: url.protocol,
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        agent: agents.pick(checked),
        headers: { 'User-Agent': USER_AGENT, Accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
        timeout: Math.min(5000, options.timeoutMs),
      });
      req.on('timeout', onAbort);
      req.on('error', (err) => fail(isRefusedByAgent(err) ? new ImageFetchError('refused', 'This picture is on a private network.') : new ImageFetchError('unreachable', 'The shop could not be reached.')));
      req.on('close', () => signal.removeEventListener('abort', onAbort));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          settled = true;
          res.resume();
          req.destroy();
          resolve({ kind: 'redirect', location: res.headers.location });
          return;
        }
        if (status < 200 || status > 299) return fail(new ImageFetchError('status', `The shop answered ${status}.`));
        const mime = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        // Shops serve pictures as image/* (some as octet-stream); sharp decides what the bytes are.
        if (mime && !mime.startsWith('image/') && mime !== 'application/octet-stream' && mime !== 'binary/octet-stream') {
          return fail(new ImageFetchError('notImage', 'This address is not a picture.'));
        }
        if (Number(res.headers['content-length']) > options.maxBytes) return fail(new ImageFetchError('tooLarge', 'This picture is too large.'));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return fail(new ImageFetchError('tooLarge', 'This picture is too large.'));
          chunks.push(chunk);
        });
        res.on('aborted', () => fail(new ImageFetchError('unreachable', 'The shop could not be reached.')));
        res.on('error', () => fail(new ImageFetchError('unreachable', 'The shop could not be reached.')));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ kind: 'image', body: Buffer.concat(chunks) });
        });
      });
      req.end();
    });
  }

  return {
    async fetch(input) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      let checked: CheckedUrl;
      try {
        checked = checkUrl(input, options.allowlist);
      } catch {
        throw new ImageFetchError('refused', 'This picture address cannot be read.');
      }
      for (let redirects = 0; ; redirects += 1) {
        const result = await hop(checked, signal);
        if (result.kind === 'image') return result.body;
        if (redirects >= options.maxRedirects) throw new ImageFetchError('unreachable', 'The picture redirects too many times.');
        try {
          checked = checkUrl(new URL(result.location, checked.url), options.allowlist);
        } catch {
          throw new ImageFetchError('refused', 'The picture redirects to an address that cannot be read.');
        }
      }
    },
    close() {
      agents.destroy();
    },
  };
}
