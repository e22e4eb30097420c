import { HttpError } from './errors';
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
 */
export function internalClient(
  baseUrl: string,
  options: { serviceName: string; timeoutMs?: number; secret?: SecretInput; upstreamName?: string },
): InternalClient {
  const base = baseUrl.replace(/\/+$/, '');
  const upstream = options.upstreamName ?? base;
  const request = async <T>(method: string, path: string, opts: InternalRequestOptions = {}): Promise<InternalResponse<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    headers[SERVICE_HEADER] = await signServiceAssertion(options.serviceName, { secret: options.secret });
    if (opts.identity) headers[IDENTITY_HEADER] = await signIdentity(opts.identity, { secret: options.secret });
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
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
      throw HttpError.serviceUnavailable(
        timedOut ? `The ${upstream} service did not answer in time.` : `The ${upstream} service is unreachable.`,
      );
    }
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
