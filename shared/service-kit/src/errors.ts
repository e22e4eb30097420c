import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

export type FieldErrors = Record<string, string>;

/** Seconds a client is told to wait (`Retry-After`) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 2;

/**
 * The one error type of every service. Thrown anywhere (domain, data, http); mapped to JSON in
 * `errorHandler` only:
 * - 422 → `{ "errors": { "<field>": "<message>" } }` (fieldErrors, or `{ [code]: message }`); with
 *   fieldErrors and a code of its own (not `validation_failed`), also `"code": "<code>"`
 * - any other status → `{ "error": { "code", "message" } }`
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Sent as `Retry-After` (seconds) by the error handler: 503 and 429 answers. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static badRequest(message = 'The request is malformed.', code = 'bad_request') {
    return new HttpError(400, code, message);
  }
  static unauthorized(message = 'Authentication is required.', code = 'unauthorized') {
    return new HttpError(401, code, message);
  }
  static forbidden(message = 'You are not allowed to do this.', code = 'forbidden') {
    return new HttpError(403, code, message);
  }
  static notFound(message = 'Not found.', code = 'not_found') {
    return new HttpError(404, code, message);
  }
  static conflict(message = 'Conflict.', code = 'conflict') {
    return new HttpError(409, code, message);
  }
  static unprocessable(fieldErrors: FieldErrors, message = 'Some fields are invalid.') {
    return new HttpError(422, 'validation_failed', message, fieldErrors);
  }
  static serviceUnavailable(message = 'A service is unavailable. Try again later.', code = 'service_unavailable', retryAfterS?: number) {
    return new HttpError(503, code, message, undefined, retryAfterS);
  }
  /** The database cannot be reached right now (engine restarting, network, election): 503 + Retry-After. */
  static databaseUnavailable(message = 'The database is unavailable for a moment. Try again in a few seconds.') {
    return new HttpError(503, 'database_unavailable', message, undefined, DATABASE_RETRY_AFTER_S);
  }
}

// What the MongoDB driver and mongoose throw when no server can be reached (as opposed to a bad
// query): server selection timed out, a connection closed or refused, the pool cleared after a
// network error, mongoose's command buffer timing out, a client closed under a request.
const UNREACHABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'MongoServerClosedError',
  'MongoClientClosedError',
]);
// Server answers of a replica set member that is stepping down, recovering or shutting down
// (NotWritablePrimary, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary, PrimarySteppedDown,
// InterruptedAtShutdown, InterruptedDueToReplStateChange, ShutdownInProgress).
const UNAVAILABLE_CODES = new Set([10107, 13435, 13436, 189, 11600, 11602, 91]);

const TRANSIENT_LABELS = ['TransientTransactionError', 'UnknownTransactionCommitResult', 'RetryableWriteError'];

// A socket error the driver lets through unwrapped: writing a command to a connection whose server
// just died (EPIPE "This socket has been ended by the other party", seen when the engine is killed
// mid-request). Only counted when it comes from the driver's own code, so a reset of another
// connection (a shop page, the mail server) keeps its own meaning.
const SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ENOTCONN']);

function isDriverSocketError(e: { code?: unknown; stack?: unknown }): boolean {
  return typeof e.code === 'string' && SOCKET_CODES.has(e.code) && typeof e.stack === 'string' && /[\\/]node_modules[\\/]mongodb[\\/]/.test(e.stack);
}

function hasTransientLabel(e: object): boolean {
  const { hasErrorLabel, errorLabels } = e as { hasErrorLabel?: unknown; errorLabels?: unknown };
  if (typeof hasErrorLabel === 'function') return TRANSIENT_LABELS.some((l) => (hasErrorLabel as (l: string) => boolean).call(e, l));
  return Array.isArray(errorLabels) && TRANSIENT_LABELS.some((l) => errorLabels.includes(l));
}

/** Whether `err` (or an error it wraps in `cause`) means the database is unreachable right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; stack?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.name === 'string' && UNREACHABLE_NAMES.has(e.name)) return true;
    if (e.name === 'MongooseError' && typeof e.message === 'string' && /buffering timed out/.test(e.message)) return true;
    if (typeof e.name === 'string' && e.name.startsWith('Mongo') && typeof e.code === 'number' && UNAVAILABLE_CODES.has(e.code)) return true;
    // The driver's own verdict: a transaction or write that failed for a passing reason (the
    // server restarted under it, a failover) and that the client may simply try again.
    if (typeof e.name === 'string' && e.name.startsWith('Mongo') && hasTransientLabel(e)) return true;
    if (isDriverSocketError(e)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** JSON body of an HttpError (used by the error handler and by the gateway's own answers). */
export function errorBody(err: HttpError): object {
  if (err.status === 422) {
    if (!err.fieldErrors) return { errors: { [err.code]: err.message } };
    // A 422 with its own code (not the generic one) names the reason next to the fields.
    return err.code === 'validation_failed' ? { errors: err.fieldErrors } : { errors: err.fieldErrors, code: err.code };
  }
  return { error: { code: err.code, message: err.message } };
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/** Maps anything thrown into an HttpError; unknown errors become a 500 without details. */
export function toHttpError(err: unknown): { error: HttpError; unexpected: boolean } {
  if (err instanceof HttpError) return { error: err, unexpected: err.status >= 500 };
  const e = (err ?? {}) as BodyParserError & { name?: string; code?: number; path?: string; errors?: Record<string, { message?: string }> };
  switch (e.type) {
    case 'entity.parse.failed':
      return { error: new HttpError(400, 'invalid_json', 'The request body is not valid JSON.'), unexpected: false };
    case 'entity.too.large':
      return { error: new HttpError(413, 'payload_too_large', 'The request body is too large.'), unexpected: false };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { error: new HttpError(415, 'unsupported_encoding', 'The request body encoding is not supported.'), unexpected: false };
    default:
      break;
  }
  // mongoose: a malformed id reaching a query, a schema validation, a unique index.
  if (e.name === 'CastError') {
    return { error: new HttpError(400, 'invalid_id', `Invalid value for ${e.path ?? 'a field'}.`), unexpected: false };
  }
  if (e.name === 'ValidationError' && e.errors && typeof e.errors === 'object') {
    const fields: FieldErrors = {};
    for (const [k, v] of Object.entries(e.errors)) fields[k] = v?.message ?? 'Invalid value.';
    return { error: HttpError.unprocessable(fields), unexpected: false };
  }
  if (isDatabaseUnavailable(err)) return { error: HttpError.databaseUnavailable(), unexpected: false };
  if (e.code === 11000) return { error: HttpError.conflict('This already exists.', 'duplicate'), unexpected: false };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && e.expose !== false) {
    return { error: new HttpError(status, 'bad_request', 'The request could not be processed.'), unexpected: false };
  }
  return { error: new HttpError(500, 'internal', 'Something went wrong on our side. Try again later.'), unexpected: true };
}

/** The one place errors become HTTP answers. Never sends a stack trace. */
export function errorHandler(logger?: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const { error, unexpected } = toHttpError(err);
    const log = (req as { log?: Logger }).log ?? logger;
    if (unexpected) log?.error({ err }, 'request failed');
    else if (error.code === 'database_unavailable') log?.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, 'database unavailable');
    if (error.retryAfterS !== undefined) res.set('Retry-After', String(error.retryAfterS));
    res.status(error.status).json(errorBody(error));
  };
}

/** 404 JSON for any route nobody answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(HttpError.notFound(`No route for ${req.method} ${req.path}.`)));
};
