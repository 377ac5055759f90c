import { type ServerResponse } from "node:http";

/** Where apps/web/server.js keeps the raw response of the request being handled. */
const RAW_RESPONSE = Symbol.for("tolk.rawResponse");

interface RawResponseStore {
  getStore(): ServerResponse | undefined;
}

/** The headers that point at a job: on the 103 sent before its work and on the final answer. */
export function jobHeaders(jobId: string): { "X-Job-Id": string; Location: string } {
  return { "X-Job-Id": jobId, Location: `/v1/translate/${jobId}` };
}

/**
 * Sends `103 Early Hints` carrying the job's headers before the long work of a synchronous
 * document starts, so a client that gives up (or loses its connection) still knows which job
 * it paid for and can GET it instead of submitting again. The final status cannot be sent yet,
 * and a route handler's Response is all-at-once, hence the raw response of the custom server.
 * Node sends a 103 only with a Link header: the job's status resource, as `rel="monitor"`
 * (RFC 5989). Without the custom server (`next dev`, tests calling a route directly) nothing is
 * sent and the final answer still carries the headers.
 */
export function announceJob(jobId: string): boolean {
  const store = (globalThis as Record<symbol, unknown>)[RAW_RESPONSE] as RawResponseStore | undefined;
  const res = store?.getStore();
  if (!res || res.headersSent || res.destroyed || typeof res.writeEarlyHints !== "function") return false;
  const headers = jobHeaders(jobId);
  res.writeEarlyHints({ link: `<${headers.Location}>; rel="monitor"`, "x-job-id": headers["X-Job-Id"], location: headers.Location });
  return true;
}
