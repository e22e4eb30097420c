import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler } from '@opentelemetry/sdk-trace-node';
import { routeLabel } from './metrics';

/**
 * Traces (OpenTelemetry, W3C trace context). The services are bundled with esbuild for their
 * images, which defeats the require hooks of the auto-instrumentations, so spans are made at our
 * own seams instead: one server span per incoming request (its `traceparent` continued), and the
 * trace context injected into the calls a box makes (the gateway's proxy, internalClient). Every
 * log line written while a request is handled carries its `trace_id` and `span_id` (logger.ts).
 *
 * Nothing is exported unless OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set: then
 * spans go there over OTLP/HTTP in batches. Sampling is parent-based: a caller's decision is kept;
 * a trace that starts here is sampled only when there is an exporter to send it to. Ids are made
 * and propagated either way, so logs of one request share a trace id across boxes.
 */
let provider: NodeTracerProvider | undefined;

export function exporterConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Sets the process's tracer provider up, once (the first service name wins). */
export function initTracing(service: string, env: Record<string, string | undefined> = process.env): void {
  if (provider) return;
  const exporting = exporterConfigured(env);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || `wishlist-${service}` }),
    sampler: new ParentBasedSampler({ root: exporting ? new AlwaysOnSampler() : new AlwaysOffSampler() }),
    spanProcessors: exporting ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [],
  });
  // AsyncLocalStorage context manager and the W3C trace-context (+ baggage) propagator.
  provider.register();
}

/** Sends the spans still buffered (at shutdown). */
export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}

const tracer = () => trace.getTracer('wishlist');
const REQUEST_CONTEXT = Symbol('wishlist.traceContext');
type Traced = IncomingMessage & { [REQUEST_CONTEXT]?: Context };

/**
 * Runs the handler inside a server span that continues the request's `traceparent` (or starts a
 * trace), named after the route pattern once answered, ended with the status.
 */
export function traceRequests(handler: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const method = req.method ?? 'GET';
    const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
    const ctx = trace.setSpan(parent, span);
    (req as Traced)[REQUEST_CONTEXT] = ctx;
    // 'close' comes once per response, after 'finish' when it was sent, alone when the client left.
    res.once('close', () => {
      if (span.isRecording()) {
        const route = routeLabel(req);
        span.updateName(`${method} ${route}`);
        span.setAttribute('http.route', route);
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        if (!res.writableFinished) span.setAttribute('http.aborted', true);
      }
      span.end();
    });
    context.with(ctx, () => handler(req, res));
  };
}

/** The trace context of a request (its server span), or the active one. */
export function requestTraceContext(req?: IncomingMessage): Context {
  return (req && (req as Traced)[REQUEST_CONTEXT]) || context.active();
}

/** `{ trace_id, span_id }` of the active span (or of `ctx`), or nothing outside a trace. */
export function traceFields(ctx: Context = context.active()): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(ctx);
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return trace.isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
}

/**
 * Writes `traceparent` (and `tracestate`) for an outgoing call into `headers`, replacing whatever
 * they held: the calls a box makes are children of the span it is in.
 */
export function injectTraceHeaders(headers: Record<string, string> | IncomingHttpHeaders, ctx: Context = context.active()): void {
  delete headers.traceparent;
  delete headers.tracestate;
  propagation.inject(ctx, headers);
}

/**
 * A client span around an outgoing call (`name`, e.g. `GET lists`), with the trace headers to
 * send: call `end(status | error)` when it is over.
 */
export function startClientSpan(
  name: string,
  attributes: Record<string, string | number>,
  parent: Context = context.active(),
): { span: Span; headers: Record<string, string>; end(outcome: number | Error): void } {
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(parent, span), headers);
  return {
    span,
    headers,
    end(outcome) {
      if (typeof outcome === 'number') {
        span.setAttribute('http.response.status_code', outcome);
        if (outcome >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      } else {
        span.recordException(outcome);
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.message });
      }
      span.end();
    },
  };
}
