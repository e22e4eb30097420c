// The HTTP layer of SPEC §7: JSON headers, app header, bearer, 3 s connect timeout, status mapping.
import { currentLanguage } from '@wishlist/i18n';
import { getBearer, setApiReachable, useSessionStore } from '@wishlist/stores';
import { takeEarlyResponse } from './early';

/** SPEC §9: connect timeout. */
export const CONNECT_TIMEOUT_MS = 3000;

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** Set when the server could not be reached at all (network failure, timeout). */
  readonly unreachable: boolean;
  /**
   * A 401 to a request that carried a bearer: the session is over (revoked, expired, account
   * deleted). The client has already ended it locally and told the person how to sign in again,
   * so the caller shows no failure of its own (see `isSignedOutError`).
   */
  readonly signedOut: boolean;
  constructor(status: number, data: unknown, unreachable = false, signedOut = false) {
    super(unreachable ? 'API unreachable' : `API error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.unreachable = unreachable;
    this.signedOut = signedOut;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * The action failed because the person's session is over (their bearer was refused). The sign-in
 * prompt is already shown: a caller must not add "try again later" to it.
 */
export function isSignedOutError(e: unknown): boolean {
  return isApiError(e) && e.signedOut;
}

/** 401 and 403 mean logged out (SPEC §6). */
export function isAuthError(e: unknown): boolean {
  return isApiError(e) && (e.status === 401 || e.status === 403);
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  /** The answer's headers, with `rawText` (a download's file name). */
  headers?: Headers;
}

export interface ApiClientConfig {
  /** Prefix of every path; '' means same origin (the gateway). */
  baseUrl: string;
  timeoutMs: number;
  getBearer: () => string | undefined;
  onReachability: (reachable: boolean) => void;
  fetch: typeof fetch;
  /** Client name in the app header. */
  app: string;
  /** Sent as `Accept-Language` on every call (the current interface language). */
  getLanguage: () => string | undefined;
  /**
   * Called on every 401/403 (SPEC §6: logged out). The default clears the default list id, so
   * every screen reading the session store sees the user signed out at once.
   */
  onAuthError: (status: number) => void;
  /**
   * Called when a 401 answers a bearer that made a session (a default list was known): the
   * default ends it locally (`logout()`: the dead bearer is dropped, so every screen shows the
   * signed-out state). Listeners of `onSessionEnded` then run (the shell prompts to sign in).
   */
  onSessionEnded: () => void;
}

const signedOutListeners = new Set<() => void>();

/** Runs `listener` on every 401/403 answer, after `onAuthError` (caches use it). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const sessionEndedListeners = new Set<() => void>();

/** Runs `listener` when the server ends a session the interface thought alive (see `ApiError.signedOut`). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

const config: ApiClientConfig = {
  baseUrl: '',
  timeoutMs: CONNECT_TIMEOUT_MS,
  getBearer,
  onReachability: setApiReachable,
  fetch: (...args) => globalThis.fetch(...args),
  app: 'web',
  getLanguage: currentLanguage,
  onAuthError: () => useSessionStore.getState().setDefaultListId(null),
  onSessionEnded: () => useSessionStore.getState().logout(),
};

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  Object.assign(config, overrides);
}

export function getApiClientConfig(): Readonly<ApiClientConfig> {
  return config;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  const type = res.headers.get('content-type') ?? '';
  if (text === '') return type.includes('json') ? {} : '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export interface RequestOptions {
  /**
   * Overrides the connect timeout for one call: a call whose server does slow work before it
   * answers (fetching a shop's page) needs longer than the 3 s connect timeout.
   */
  timeoutMs?: number;
  /**
   * Sends `body` (a string) as it is with this Content-Type instead of as JSON: a file the
   * person chose (CSV, JSON) goes as its own bytes.
   */
  contentType?: string;
  /** A successful answer's body as text, whatever its type (a file to save as it came). */
  rawText?: boolean;
  /** Headers of this call only (a secret of a mailed link: never in the URL, which reaches logs). */
  headers?: Record<string, string>;
}

export async function request<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': options.contentType ?? 'application/json',
    'X-Wishlist-App': `${config.app}/${Date.now()}`,
  };
  const language = config.getLanguage();
  if (language) headers['Accept-Language'] = language;
  const bearer = config.getBearer();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (options.headers) Object.assign(headers, options.headers);

  const controller = new AbortController();
  // Connect timeout: aborts only until the response headers arrive.
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? config.timeoutMs);
  let res: Response;
  try {
    // The shell may have sent this very GET already (early.ts): take its answer, else ask.
    const early = body === undefined ? takeEarlyResponse(method, path, bearer ?? null) : undefined;
    const earlyRes = early ? await early.catch(() => undefined) : undefined;
    res =
      earlyRes ??
      (await config.fetch(config.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : options.contentType && typeof body === 'string' ? body : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'same-origin',
      }));
  } catch {
    config.onReachability(false);
    throw new ApiError(500, {}, true);
  } finally {
    clearTimeout(timer);
  }
  const ok = res.status >= 200 && res.status < 300;
  const data = options.rawText && ok ? await res.text().catch(() => '') : await readBody(res);
  if (res.status >= 200 && res.status < 400) {
    config.onReachability(true);
    return options.rawText ? { status: res.status, data: data as T, headers: res.headers } : { status: res.status, data: data as T };
  }
  // A gateway that cannot reach its upstream answers 502-504: the API is not reachable.
  if (res.status >= 502 && res.status <= 504) config.onReachability(false);
  else config.onReachability(true);
  // A refused bearer that was still the session's: the session is over, whatever the call was.
  const signedOut = res.status === 401 && Boolean(bearer);
  const endsSession = signedOut && bearer === config.getBearer() && Boolean(useSessionStore.getState().defaultListId);
  if (res.status === 401 || res.status === 403) {
    config.onAuthError(res.status);
    for (const listener of signedOutListeners) listener();
  }
  if (endsSession) {
    config.onSessionEnded();
    for (const listener of sessionEndedListeners) listener();
  }
  throw new ApiError(res.status, data, false, signedOut);
}
