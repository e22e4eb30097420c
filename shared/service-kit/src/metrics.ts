import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (prom-client): one registry per process, labelled with the
 * box's name (`service`). Request metrics are labelled by route pattern, never by raw URL, so that
 * every label set stays bounded whatever the clients send.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/**
 * Names the box in every metric (`service="lists"`) and turns on the process metrics (event loop
 * lag, heap and RSS, GC pauses, open handles): once per process, the first name wins.
 */
export function enableProcessMetrics(service: string): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** A counter of the process registry, created once (two apps in one process, as in tests, share it). */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A histogram of the process registry (seconds), created once. */
export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[] = [], buckets?: number[]): Histogram<L> {
  return (
    (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ??
    new Histogram({ name, help, labelNames, buckets: buckets ?? HTTP_BUCKETS, registers: [metricsRegistry] })
  );
}

/** Seconds: from a cache hit (well under a millisecond) to the slowest page fetch (~10 s). */
export const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requestsTotal = () => counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']);
const requestDuration = () =>
  histogram('http_request_duration_seconds', 'Time from the request to its answer, by method, route pattern and status', ['method', 'route', 'status']);

/** The label of a request no route matched (a 404, or an error before routing): never its URL. */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ROUTE_LABEL = Symbol('wishlist.routeLabel');

type Labelled = IncomingMessage & { [ROUTE_LABEL]?: string; route?: { path?: unknown }; baseUrl?: string };

/**
 * Names the route of a request Express does not route itself (the gateway's proxied API calls,
 * answers from its cache): a pattern from a bounded set, never a raw path.
 */
export function setRouteLabel(req: IncomingMessage, label: string): void {
  (req as Labelled)[ROUTE_LABEL] = label;
}

/**
 * The route pattern of an answered request: the label set by setRouteLabel, else the Express
 * route that answered it (`req.baseUrl` + `req.route.path`, e.g. `/api/product-lists/:id`), else
 * `unmatched`.
 */
export function routeLabel(req: IncomingMessage): string {
  const r = req as Labelled;
  if (r[ROUTE_LABEL]) return r[ROUTE_LABEL];
  const path = r.route?.path;
  if (typeof path === 'string') return `${r.baseUrl ?? ''}${path}` || '/';
  return UNMATCHED_ROUTE;
}

/**
 * Counts and times every request the handler answers (or that the client abandons: status 499
 * when nothing was sent), labelled by method, route pattern and status.
 */
export function measureRequests(handler: RequestListener): RequestListener {
  const total = requestsTotal();
  const duration = requestDuration();
  return (req: IncomingMessage, res: ServerResponse) => {
    const start = process.hrtime.bigint();
    // 'close' comes once per response, after 'finish' when it was sent, alone when the client left.
    res.once('close', () => {
      const status = res.writableFinished || res.headersSent ? String(res.statusCode) : '499';
      const labels = { method: METHODS.has(req.method ?? '') ? req.method! : 'OTHER', route: routeLabel(req), status };
      total.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    });
    handler(req, res);
  };
}

/** The Prometheus text of the process registry. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Answers `GET /metrics` with metricsText(); anything else is a 404 (a HEAD gets the headers). */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: { code: 'method_not_allowed', message: 'Only GET reads the metrics.' } }));
    return;
  }
  try {
    const { contentType, body } = await metricsText();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: { code: 'internal', message: 'The metrics could not be collected.' } }));
  }
}

const notFound = (res: ServerResponse) => {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }));
};

/**
 * The separate metrics listener (METRICS_PORT): `GET /metrics` only. `allow` decides who may read
 * them (the gateway's private-network rule); refused callers get the 404 of an unknown path.
 */
export function listenMetrics(
  port: number,
  host: string,
  options: { allow?: (req: IncomingMessage) => boolean } = {},
): Promise<{ port: number; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (options.allow && !options.allow(req))) return notFound(res);
    void answerMetrics(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Mail sent or failed, by transport (smtp, outbox). */
export const mailsTotal = () => counter('mails_total', 'Mails handed to the transport, by transport and outcome (sent, failed)', ['transport', 'outcome']);

