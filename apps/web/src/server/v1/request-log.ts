import { type AuditActor, type Principal } from "@tolk/domain";

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
}): void {
  const createdAt = new Date(Date.now() - entry.durationMs);
  void existingAppContext()
    ?.then((app) =>
      app.requestLog.record({
        orgId: entry.principal.org.id,
        requestId: entry.requestId,
        operationKey: entry.operationKey ?? null,
        apiKeyId: entry.principal.keyId,
        method: entry.req.method,
        route: logRoute(entry.route),
        status: entry.status,
        durationMs: Math.round(entry.durationMs),
        errorCode: entry.status >= 400 ? (entry.error?.code ?? null) : null,
        errorMessage: entry.status >= 400 ? (entry.error?.message ?? null) : null,
        createdAt,
      }),
    )
    .catch(() => undefined);
}

/** The audit log's actor for a /v1 caller: its API key, or the member a session token names. */
export function apiActor(principal: Principal, ip: string): AuditActor {
  return principal.keyId
    ? { type: "api_key", id: principal.keyId, label: principal.keyId, ip }
    : { type: "user", id: principal.userId, label: principal.userId, ip };
}
