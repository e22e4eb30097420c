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
}

export interface InternalClient {
  request<T = unknown>(method: string, path: string, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  get<T = unknown>(path: string, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
  delete<T = unknown>(path: string, options?: InternalRequestOptions): Promise<InternalResponse<T>>;
}

/**
 * fetch for another service's /internal/* routes: every call is signed with a service
 * assertion, has a timeout, and a network failure or timeout throws HttpError 503
 * (`service_unavailable`). Any HTTP status is returned as is: the caller decides.
 *
 * Each call is a client span of the current trace (its `traceparent` is sent) and is counted in
 * `internal_calls_total{upstream, outcome}` (the status class, `timeout` or `unreachable`) and
 * timed in `internal_call_duration_seconds{upstream}`.
 */
export function internalClient(
  baseUrl: string,
  options: { serviceName: string; timeoutMs?: number; secret?: SecretInput; upstreamName?: string },
): InternalClient {
  const base = baseUrl.replace(/\/+$/, '');
  const upstream = options.upstreamName ?? base;
  // The label is the upstream's name when given, else its origin (one per configured URL).
  const upstreamLabel = options.upstreamName ?? originOf(base);
  const calls = counter('internal_calls_total', 'Calls to other services, by upstream and outcome (2xx..5xx, timeout, unreachable)', ['upstream', 'outcome']);
  const callDuration = histogram('internal_call_duration_seconds', 'Duration of calls to other services, by upstream', ['upstream']);
  const request = async <T>(method: string, path: string, opts: InternalRequestOptions = {}): Promise<InternalResponse<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    headers[SERVICE_HEADER] = await signServiceAssertion(options.serviceName, { secret: options.secret });
    if (opts.identity) headers[IDENTITY_HEADER] = await signIdentity(opts.identity, { secret: options.secret });
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const client = startClientSpan(`${method} ${upstreamLabel}`, { 'http.request.method': method, 'server.address': upstreamLabel });
    Object.assign(headers, client.headers);
    const stopTimer = callDuration.startTimer({ upstream: upstreamLabel });
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? options.timeoutMs ?? 3000),
        redirect: 'manual',
      });
      text = await res.text();
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError';
      stopTimer();
      calls.inc({ upstream: upstreamLabel, outcome: timedOut ? 'timeout' : 'unreachable' });
      client.end(err instanceof Error ? err : new Error(String(err)));
      throw HttpError.serviceUnavailable(
        timedOut ? `The ${upstream} service did not answer in time.` : `The ${upstream} service is unreachable.`,
      );
    }
    stopTimer();
    calls.inc({ upstream: upstreamLabel, outcome: `${Math.floor(res.status / 100)}xx` });
    client.end(res.status);
    let body: T | undefined;
    if (text) {
      try {
        body = JSON.parse(text) as T;
      } catch {
        body = undefined;
      }
    }
    return { status: res.status, body };
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
