import { type Span, SpanStatusCode, trace } from "@opentelemetry/api";

const tracer = trace.getTracer("tolk");

/**
 * Runs a /v1 request inside a span named after its route template, with the request id as
 * `tolk.request_id`. Without a registered SDK (OTEL_EXPORTER_OTLP_ENDPOINT unset) the API hands
 * out no-op spans.
 */
export function inRequestSpan<T>(requestId: string, method: string, run: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(
    `${method} /v1`,
    { attributes: { "tolk.request_id": requestId, "http.request.method": method } },
    async (span) => {
      try {
        return await run(span);
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The outcome of a request on its span: the route template names it, the status is recorded. */
export function endRequestSpan(span: Span, method: string, route: string, status: number): void {
  span.updateName(`${method} ${route}`);
  span.setAttributes({ "http.route": route, "http.response.status_code": status });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
}
