import { type RequestSummary } from "@tolk/db";

import { type Principal } from "../auth/principal";
import { type RequestLogEntry } from "./request-log-writer";

/** Which door a request came through: the APIs (/v1, /v2, LibreTranslate) or the console. */
export type RequestSource = "api" | "console";

/**
 * A finished request as the log stores it, the same for every door: who made it (the key, or
 * the member for the console and session tokens; a key's principal names the organization's
 * owner, who did not make the request), and an error only for a refused or failed answer.
 */
export function requestLogEntry(input: {
  source: RequestSource;
  principal: Principal;
  requestId: string;
  /** The request id it was billed under, when not its own (an Idempotency-Key retry). */
  operationKey?: string | null;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  error?: { code: string; message: string } | null;
  summary: RequestSummary | null;
  /** When the answer was ready; the entry is dated when the request arrived. */
  finishedAt: Date;
}): RequestLogEntry {
  const failed = input.status >= 400;
  return {
    orgId: input.principal.org.id,
    requestId: input.requestId,
    operationKey: input.operationKey ?? null,
    source: input.source,
    apiKeyId: input.principal.keyId,
    userId: input.principal.keyId ? null : input.principal.userId,
    method: input.method,
    route: input.route,
    status: input.status,
    durationMs: Math.round(input.durationMs),
    errorCode: failed ? (input.error?.code ?? null) : null,
    errorMessage: failed ? (input.error?.message ?? null) : null,
    requestSummary: input.summary,
    createdAt: new Date(input.finishedAt.getTime() - input.durationMs),
  };
}
