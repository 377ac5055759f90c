/**
 * What the service counts, as calls the rules make where they live (the engine call, the segment
 * cache, the debit, the limiter, the job queue). The default does nothing, so use cases and their
 * unit tests need no registry; a server or worker installs the Prometheus one
 * (`@tolk/platform`) at start.
 */
export interface Metrics {
  httpRequest(event: { route: string; method: string; status: number; seconds: number }): void;
  /** One call to an engine (the segments the cache did not answer). */
  engineCall(event: { engine: string; pair: string; segments: number; seconds: number; ok: boolean }): void;
  /** Segment-cache lookups of one request, by how each was answered. */
  cacheLookups(counts: Readonly<Record<CacheLookup, number>>): void;
  /** Credits newly taken by a debit (a replayed debit takes none). */
  creditsDebited(event: { kind: string; credits: number }): void;
  /** A request refused by a rate-limit bucket (`anonymous` for unauthenticated callers). */
  rateLimitRefused(bucket: string): void;
  /** A document job's lifecycle event. */
  documentJob(event: DocumentJobEvent, format: string): void;
}

/** hit: a stored result; joined: another request's call in flight; repeated: earlier in the same request; miss: sent to the engine. */
export type CacheLookup = "hit" | "joined" | "repeated" | "miss";

/** `released`: a stopping worker gave the job back to the queue unfinished. */
export type DocumentJobEvent = "created" | "started" | "completed" | "error" | "retry" | "failed" | "released";

export const noMetrics: Metrics = {
  httpRequest: () => undefined,
  engineCall: () => undefined,
  cacheLookups: () => undefined,
  creditsDebited: () => undefined,
  rateLimitRefused: () => undefined,
  documentJob: () => undefined,
};

// On globalThis: Next.js may load this module once per bundle, and every copy must count into
// the one registry the process exposes.
const holder = globalThis as typeof globalThis & { __tolkMetrics?: Metrics };

/** The process's metrics: no-ops until a server or worker installs its registry. */
export function metrics(): Metrics {
  return holder.__tolkMetrics ?? noMetrics;
}

export function installMetrics(implementation: Metrics | undefined): void {
  holder.__tolkMetrics = implementation;
}
