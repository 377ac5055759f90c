import { timingSafeEqual } from "node:crypto";
import { type Server, createServer } from "node:http";

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { z } from "zod";
import { type DocumentQueueStats, type CacheLookup, type Metrics, installMetrics } from "@tolk/domain";

/** The metrics variables both apps' env.ts spread into their schema. */
export const metricsEnvSchema = {
  /** When set, GET /metrics wants `Authorization: Bearer <token>`. */
  TOLK_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** `tolk worker` serves /metrics on this port (none when unset). */
  TOLK_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
};

const ENGINE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface PrometheusMetrics {
  registry: Registry;
  /** Where the document-job gauges are read at scrape time (the jobs table). */
  setQueueSource(source: (() => Promise<DocumentQueueStats>) | null): void;
  /** The text exposition format and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

function create(): PrometheusMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });

  const httpRequests = counter(
    "tolk_http_requests_total",
    "HTTP requests answered, by route template, method and status.",
    ["route", "method", "status"],
  );
  const httpDuration = new Histogram({
    name: "tolk_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until the response object is ready), by route template and method.",
    labelNames: ["route", "method"] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const engineCalls = counter(
    "tolk_engine_calls_total",
    "Calls to a translation engine, by engine, pair and outcome (ok or error).",
    ["engine", "pair", "outcome"],
  );
  const engineSegments = counter(
    "tolk_engine_segments_total",
    "Segments sent to a translation engine, by engine and pair.",
    ["engine", "pair"],
  );
  const engineDuration = new Histogram({
    name: "tolk_engine_call_duration_seconds",
    help: "Duration of one engine call, by engine and pair.",
    labelNames: ["engine", "pair"] as const,
    buckets: ENGINE_BUCKETS,
    registers: [registry],
  });
  const cacheLookups = counter(
    "tolk_segment_cache_lookups_total",
    "Segment-cache lookups by result: hit (stored), joined (a call in flight), repeated (same request), miss (sent to the engine).",
    ["result"],
  );
  const credits = counter(
    "tolk_credits_debited_total",
    "Credits debited, by kind of translation (text, batch, document).",
    ["kind"],
  );
  const refusals = counter("tolk_rate_limit_refusals_total", "Requests refused by a rate limit, by bucket.", [
    "bucket",
  ]);
  const jobEvents = counter(
    "tolk_document_job_events_total",
    "Document job lifecycle events in this process (created, started, completed, error, retry, failed, released), by format.",
    ["event", "format"],
  );

  let queueSource: (() => Promise<DocumentQueueStats>) | null = null;
  const jobs = new Gauge({
    name: "tolk_document_jobs",
    help: "Document jobs in the database by state, read at scrape time (the same for every instance on one database).",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  const depth = new Gauge({
    name: "tolk_document_queue_depth",
    help: "Document jobs waiting and due to run.",
    registers: [registry],
  });
  const age = new Gauge({
    name: "tolk_document_queue_oldest_age_seconds",
    help: "How long the oldest due job has waited (0 when none waits).",
    registers: [registry],
  });
  const scrapeErrors = counter(
    "tolk_metrics_scrape_errors_total",
    "Scrapes whose database-backed metrics could not be read.",
    [],
  );

  const refreshQueue = async () => {
    if (!queueSource) return;
    try {
      const stats = await queueSource();
      jobs.reset();
      for (const [state, count] of Object.entries(stats.byState)) jobs.set({ state }, count);
      depth.set(stats.due);
      age.set(stats.oldestDueSeconds);
    } catch {
      scrapeErrors.inc();
    }
  };

  const implementation: Metrics = {
    httpRequest: ({ route, method, status, seconds }) => {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method }, seconds);
    },
    engineCall: ({ engine, pair, segments, seconds, ok }) => {
      engineCalls.inc({ engine, pair, outcome: ok ? "ok" : "error" });
      engineSegments.inc({ engine, pair }, segments);
      engineDuration.observe({ engine, pair }, seconds);
    },
    cacheLookups: (counts) => {
      for (const [result, n] of Object.entries(counts) as [CacheLookup, number][])
        if (n > 0) cacheLookups.inc({ result }, n);
    },
    creditsDebited: ({ kind, credits: amount }) => {
      if (amount > 0) credits.inc({ kind }, amount);
    },
    rateLimitRefused: (bucket) => refusals.inc({ bucket }),
    documentJob: (event, format) => jobEvents.inc({ event, format }),
  };
  installMetrics(implementation);

  return {
    registry,
    setQueueSource: (source) => {
      queueSource = source;
    },
    render: async () => {
      await refreshQueue();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

// One registry per process, on globalThis: Next.js may load this module once per bundle, and a
// second registry would count half the requests and register the default metrics twice.
const holder = globalThis as typeof globalThis & { __tolkPrometheus?: PrometheusMetrics };

/** The process's registry, created (and installed as metrics()) on first use. */
export function prometheusMetrics(): PrometheusMetrics {
  holder.__tolkPrometheus ??= create();
  return holder.__tolkPrometheus;
}

/** True when no token is configured, or the Authorization header carries it as a bearer token. */
export function metricsAuthorized(authorization: string | null | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const match = /^Bearer (.+)$/iu.exec(authorization ?? "");
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** `GET /metrics` on its own port (a dedicated worker has no web server). */
export function serveMetrics(options: { port: number; host?: string; token?: string }): Promise<Server> {
  const prometheus = prometheusMetrics();
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, options.token)) {
      res.writeHead(401, { "Content-Type": "text/plain", "WWW-Authenticate": "Bearer" }).end("Unauthorized\n");
      return;
    }
    prometheus.render().then(
      ({ contentType, body }) =>
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics unavailable\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve(server));
  });
}
