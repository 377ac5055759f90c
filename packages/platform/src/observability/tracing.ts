/** The variables tracing reads (the web app's environment has them). */
interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_SERVICE_NAME: string;
}

/**
 * Starts the OpenTelemetry SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set: traces over OTLP/HTTP
 * (JSON) to that endpoint; the SDK reads the other standard OTEL_* variables itself. Unset, the
 * SDK is not even loaded, and the spans the /v1 pipeline opens are the API's no-ops. Metrics
 * and logs are not exported this way: /metrics and stdout carry them. Returns the flush to run
 * at shutdown.
 */
export async function startTracing(env: TracingEnv): Promise<(() => Promise<void>) | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  return () => sdk.shutdown();
}
