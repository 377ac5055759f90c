import { type AuditActor, type Principal, requestLogEntry, summarizeRequestBody } from "@tolk/domain";

import { existingAppContext } from "../context";

/** Next.js' `[id]` and `[...path]` segments as the request log shows them: `{id}`, `{path}`. */
export function logRoute(template: string): string {
  return template.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "{$1}");
}

/**
 * Hands a finished request to the request log's writer, which stores it in a batch later: the
 * answer is already built and is never delayed or failed by this.
 */
export function logToRequestLog(entry: {
  req: Request;
  requestId: string;
  route: string;
  status: number;
  durationMs: number;
  principal: Principal;
  error: { code: string; message: string } | undefined;
  operationKey: string | undefined;
  body: { contentType: string | null; bytes: Uint8Array; parsed?: unknown } | undefined;
}): void {
  const finishedAt = new Date();
  void existingAppContext()
    ?.then((app) =>
      app.requestLog.record(
        requestLogEntry({
          source: "api",
          principal: entry.principal,
          requestId: entry.requestId,
          operationKey: entry.operationKey,
          method: entry.req.method,
          route: logRoute(entry.route),
          status: entry.status,
          durationMs: entry.durationMs,
          error: entry.error,
          summary: entry.body
            ? summarizeRequestBody(entry.body.contentType, entry.body.bytes, entry.body.parsed)
            : null,
          finishedAt,
        }),
      ),
    )
    .catch(() => undefined);
}

/** The audit log's actor for a /v1 caller: its API key, or the member a session token names. */
export function apiActor(principal: Principal, ip: string): AuditActor {
  return principal.keyId
    ? { type: "api_key", id: principal.keyId, label: principal.keyId, ip }
    : { type: "user", id: principal.userId, label: principal.userId, ip };
}
