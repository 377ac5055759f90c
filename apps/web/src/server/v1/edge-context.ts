import { randomUUID } from "node:crypto";
import { type ServerResponse } from "node:http";

/** Where apps/web/server.mjs keeps what it knows of the request being handled. */
const EDGE_CONTEXT = Symbol.for("tolk.edgeContext");

interface EdgeContext {
  /** The raw response: a route handler's Response cannot send an interim (1xx) answer. */
  res: ServerResponse;
  /** The request id the custom server gave the request (its own error answers carry it too). */
  requestId: string;
}

function edgeContext(): EdgeContext | undefined {
  const store = (globalThis as Record<symbol, unknown>)[EDGE_CONTEXT] as
    { getStore(): EdgeContext | undefined } | undefined;
  return store?.getStore();
}

/**
 * The request's id: the one the custom server assigned, so an answer the server writes itself (a
 * body cut short, see server-edge.mjs) and the log line of the same request agree; a fresh one
 * without the custom server (`next dev`, tests calling a route directly).
 */
export function currentRequestId(): string {
  return edgeContext()?.requestId ?? randomUUID();
}

/** The headers that point at a job: on the 103 sent before its work and on the final answer. */
export function jobHeaders(jobId: string): { "X-Job-Id": string; Location: string } {
  return { "X-Job-Id": jobId, Location: `/v1/translate/${jobId}` };
}

/**
 * Sends `103 Early Hints` carrying the job's headers before the long work of a synchronous
 * document starts, so a client that gives up (or loses its connection) still knows which job
 * it paid for and can GET it instead of submitting again. The final status cannot be sent yet,
 * hence the raw response of the custom server. Node sends a 103 only with a Link header: the
 * job's status resource, as `rel="monitor"` (RFC 5989). Without the custom server nothing is
 * sent and the final answer still carries the headers.
 */
export function announceJob(jobId: string): boolean {
  const res = edgeContext()?.res;
  if (!res || res.headersSent || res.destroyed || typeof res.writeEarlyHints !== "function") return false;
  const headers = jobHeaders(jobId);
  res.writeEarlyHints({
    link: `<${headers.Location}>; rel="monitor"`,
    "x-job-id": headers["X-Job-Id"],
    location: headers.Location,
  });
  return true;
}
