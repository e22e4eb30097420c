import { Agent, fetch } from 'undici';
import { HttpError } from './errors';
import { counter, histogram } from './metrics';
import { startClientSpan } from './tracing';
import { IDENTITY_HEADER, SERVICE_HEADER, signIdentity, signServiceAssertion, type Identity, type SecretInput } from './identity';

export interface InternalResponse<T = unknown> {
  status: number;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: T | undefined;
}

export interface InternalRequestOptions {
  body?: unknown;
  /** Forward a user's identity too (e.g. offers asking lists on behalf of a user). */
  identity?: Identity;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /**
   * The request may be sent twice with the effect of once (GET and HEAD are, always): then a
   * connection refused, reset or closed before the answer is retried once, on another instance
   * when there are several, else on a fresh connection.
   */
  idempotent?: boolean;
}

export interface InternalClient {
  request<T = unknown>(method: string, path: string, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  get<T = unknown>(path: string, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  delete<T = unknown>(path: string, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
}

/**
 * Kept-alive connections for every call, and, for the one retry of a call whose connection
 * failed, a connection that was never used before and is closed after that request (`pipelining:
 * 0` turns keep-alive off): another kept-alive connection to the same copy may be as dead as the
 * first. undici is the client behind Node's own fetch; used directly, a request picks its pool.
 */
const pooled = new Agent();
const fresh = new Agent({ pipelining: 0 });

/** Methods whose requests may always be sent again. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The instances named by a base URL: one URL, or several separated by commas (every copy of the
 * upstream service when no balancer stands in front of them).
 */
export function instancesOf(baseUrl: string): string[] {
  const urls = baseUrl
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (urls.length === 0) throw new Error('no instance URL given');
  return urls;
}

/**
 * fetch for another service's /internal/* routes: every call is signed with a service
 * assertion, has a timeout, and a network failure or timeout throws HttpError 503
 * (`service_unavailable`). Any HTTP status is returned as is: the caller decides.
 *
 * `baseUrl` may name several instances (comma-separated): calls go round-robin. An idempotent
 * request (GET, HEAD, or `idempotent: true`) whose connection was refused, reset or closed before
 * the answer (a copy that died or restarts, a kept-alive connection the other side had closed)
 * is sent once more, on the next instance, or on a fresh connection when there is one instance
 * (a failed connection is never reused). A timeout is not retried: the request may be running.
 *
 * Each call is a client span of the current trace (its `traceparent` is sent) and is counted in
 * `internal_calls_total{upstream, outcome}` (the status class, `timeout`, `unreachable` or
 * `retried`) and timed in `internal_call_duration_seconds{upstream}`.
 */
export function internalClient(
  baseUrl: string,
  options: { serviceName: string; timeoutMs?: number; secret?: SecretInput; upstreamName?: string },
): InternalClient {
  const instances = instancesOf(baseUrl);
  const upstream = options.upstreamName ?? instances[0];
  // The label is the upstream's name when given, else its origin (one per configured URL).
  const upstreamLabel = options.upstreamName ?? originOf(instances[0]);
  const calls = counter('internal_calls_total', 'Calls to other services, by upstream and outcome (2xx..5xx, timeout, unreachable, retried)', ['upstream', 'outcome']);
  const callDuration = histogram('internal_call_duration_seconds', 'Duration of calls to other services, by upstream', ['upstream']);
  let cursor = 0;
  const request = async <T>(method: string, path: string, opts: InternalRequestOptions = {}): Promise<InternalResponse<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    headers[SERVICE_HEADER] = await signServiceAssertion(options.serviceName, { secret: options.secret });
    if (opts.identity) headers[IDENTITY_HEADER] = await signIdentity(opts.identity, { secret: options.secret });
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const client = startClientSpan(`${method} ${upstreamLabel}`, { 'http.request.method': method, 'server.address': upstreamLabel });
    Object.assign(headers, client.headers);
    const stopTimer = callDuration.startTimer({ upstream: upstreamLabel });
    const retriable = SAFE_METHODS.has(method.toUpperCase()) || opts.idempotent === true;
    const first = cursor;
    cursor = (cursor + 1) % instances.length;
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    // One timeout for the call, retry included: the caller's budget is not doubled.
    const signal = AbortSignal.timeout(opts.timeoutMs ?? options.timeoutMs ?? 3000);
    let res: Awaited<ReturnType<typeof fetch>> | undefined;
    let text: string;
    for (let attempt = 0; ; attempt++) {
      const base = instances[(first + attempt) % instances.length];
      try {
        res = await fetch(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
          method,
          headers,
          body,
          signal,
          redirect: 'manual',
          dispatcher: attempt === 0 ? pooled : fresh,
        });
        text = await res.text();
        break;
      } catch (err) {
        const timedOut = (err as Error)?.name === 'TimeoutError' || signal.aborted;
        if (!timedOut && retriable && attempt === 0) {
          calls.inc({ upstream: upstreamLabel, outcome: 'retried' });
          continue;
        }
        stopTimer();
        calls.inc({ upstream: upstreamLabel, outcome: timedOut ? 'timeout' : 'unreachable' });
        client.end(err instanceof Error ? err : new Error(String(err)));
        throw HttpError.serviceUnavailable(
          timedOut ? `The ${upstream} service did not answer in time.` : `The ${upstream} service is unreachable.`,
        );
      }
    }
    stopTimer();
    calls.inc({ upstream: upstreamLabel, outcome: `${Math.floor(res.status / 100)}xx` });
    client.end(res.status);
    let parsed: T | undefined;
    if (text) {
      try {
        parsed = JSON.parse(text) as T;
      } catch {
        parsed = undefined;
      }
    }
    return { status: res.status, body: parsed };
  };
  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    patch: (path, body, o) => request('PATCH', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
}
