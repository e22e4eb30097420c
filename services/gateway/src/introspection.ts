import { createHash } from 'node:crypto';
import { z } from 'zod';
import { HttpError, internalClient, type Identity, type InternalClient, type InternalResponse, type Logger } from '@wishlist/service-kit';
import { UpstreamPool } from './upstreams';

/**
 * Contract with the auth service (see README): POST {AUTH_URL}/internal/introspect, body
 * `{ token }`, signed with a service assertion from "gateway".
 * 200 `{ data: { userId, lang? } }` → valid; 401 → invalid; anything else → auth unavailable.
 */
const validAnswer = z.object({
  data: z.object({ userId: z.string().min(1).max(200), lang: z.enum(['en', 'fr']).nullish() }),
});

export interface Introspector {
  /** The bearer's identity, null when it is not valid; throws HttpError 503 when auth cannot tell. */
  check(token: string): Promise<Identity | null>;
}

const MAX_ENTRIES = 10_000;
const MAX_TOKEN_LENGTH = 1024;

export function createIntrospector(options: {
  /** The auth instances (one URL, several, or the pool the proxy uses for auth). */
  auth: string | readonly string[] | UpstreamPool;
  cacheMs: number;
  timeoutMs: number;
  logger?: Logger;
  now?: () => number;
}): Introspector {
  const pool =
    options.auth instanceof UpstreamPool ? options.auth : new UpstreamPool('auth', typeof options.auth === 'string' ? [options.auth] : options.auth);
  const clients = new Map<string, InternalClient>();
  const clientFor = (url: string) => {
    let client = clients.get(url);
    if (!client) {
      client = internalClient(url, { serviceName: 'gateway', timeoutMs: options.timeoutMs, upstreamName: 'authentication' });
      clients.set(url, client);
    }
    return client;
  };
  /** An introspection is a read: an instance that cannot answer is left out for a while and the next one asked. */
  const post = async (token: string): Promise<InternalResponse> => {
    const tried = new Set<string>();
    let failure: unknown;
    for (let url = pool.pick(tried); url !== undefined; url = pool.pick(tried)) {
      tried.add(url);
      try {
        const res = await clientFor(url).post('/internal/introspect', { token });
        pool.markUp(url);
        return res;
      } catch (err) {
        failure = err;
        pool.markDown(url);
      }
    }
    throw failure;
  };
  const now = options.now ?? Date.now;
  // Keyed by a hash: raw bearers never sit in memory longer than the request.
  const cache = new Map<string, { until: number; identity: Identity | null }>();
  const pending = new Map<string, Promise<Identity | null>>();

  const remember = (key: string, identity: Identity | null) => {
    if (options.cacheMs <= 0) return;
    if (cache.size >= MAX_ENTRIES) {
      const t = now();
      for (const [k, v] of cache) if (v.until <= t) cache.delete(k);
      while (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, { until: now() + options.cacheMs, identity });
  };

  const ask = async (token: string): Promise<Identity | null> => {
    const res = await post(token);
    if (res.status === 401) return null;
    if (res.status === 200) {
      const parsed = validAnswer.safeParse(res.body);
      if (parsed.success) {
        const { userId, lang } = parsed.data.data;
        return lang ? { userId, lang } : { userId };
      }
    }
    options.logger?.error({ status: res.status }, 'unexpected answer from the auth service introspection');
    throw HttpError.serviceUnavailable('The authentication service is unavailable. Try again later.');
  };

  return {
    async check(token) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      const key = createHash('sha256').update(token).digest('base64url');
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.identity;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const p = ask(token)
        .then((identity) => {
          // Only valid answers are reused: a refused bearer may be a pending one that becomes
          // valid the moment its e-mailed code is submitted, and must work on the next request.
          if (identity) remember(key, identity);
          return identity;
        })
        .finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    },
  };
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}
