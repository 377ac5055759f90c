import { randomUUID } from "node:crypto";

import { type TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { type Role, isTolkError, requestLogEntry, summarizeRequest } from "@tolk/domain";
import { ZodError } from "zod";

import { memberPrincipal } from "./principal";
import { orgProcedure } from "./trpc";

/** What a console translation answered, as the request log names it. */
function outcome(error: TRPCError | null): { status: number; error: { code: string; message: string } | null } {
  if (!error) return { status: 200, error: null };
  const cause = error.cause;
  if (isTolkError(cause)) return { status: cause.status, error: { code: cause.code, message: cause.message } };
  if (cause instanceof ZodError) {
    return {
      status: 400,
      error: {
        code: "bad_request",
        message: cause.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "),
      },
    };
  }
  const status = getHTTPStatusCodeFromError(error);
  // An unexpected failure is logged on the server with its cause; the log says what the page said.
  return status >= 500
    ? { status, error: { code: "internal_error", message: "An internal error occurred." } }
    : { status, error: { code: error.code.toLowerCase(), message: error.message } };
}

/** A form's fields as the log summarizes them: a file by its name and size, never its bytes. */
function formParameters(input: unknown): unknown {
  if (!(input instanceof FormData)) return input;
  const fields: Record<string, string> = {};
  input.forEach((value, name) => {
    fields[name] = typeof value === "string" ? value : `${value.name} (${value.size} bytes)`;
  });
  return fields;
}

/**
 * A console procedure that translates (and bills) like an API request: recorded in the request
 * log as source "console" with the member who made it, through the same entry rule as /v1, so
 * an admin sees the console's spending beside the API's. Each call gets its own request id:
 * the usage it bills is recorded under it, and the log's credits are summed by it (one HTTP
 * batch can carry several calls).
 */
export function loggedOrgProcedure(minRole: Role) {
  return orgProcedure(minRole).use(async ({ ctx, path, getRawInput, next }) => {
    const started = performance.now();
    const requestId = randomUUID();
    const result = await next({ ctx: { ...ctx, requestId } });
    const durationMs = performance.now() - started;
    const rawInput = await getRawInput().catch(() => undefined);
    const { status, error } = outcome(result.ok ? null : result.error);
    ctx.requestLog?.record(
      requestLogEntry({
        source: "console",
        principal: memberPrincipal(ctx),
        requestId,
        method: "POST",
        route: path,
        status,
        durationMs,
        error,
        summary: rawInput === undefined ? null : summarizeRequest(formParameters(rawInput)),
        finishedAt: new Date(),
      }),
    );
    return result;
  });
}
