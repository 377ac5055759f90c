import { randomUUID } from "node:crypto";

import { TRPCError, initTRPC } from "@trpc/server";
import { type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import {
  type DocumentServices,
  type DomainContext,
  type Membership,
  type RateLimiter,
  type RequestLogEntry,
  type Role,
  type TranslationServices,
  forbidden,
  getMembership,
  getUserEmail,
  isTolkError,
  unauthorized,
} from "@tolk/domain";
import superjson from "superjson";
import { ZodError } from "zod";

/** What every console request carries: the domain, the signed-in user (if any) and the org they chose. */
export interface ConsoleContext {
  domain: DomainContext;
  translation: TranslationServices;
  /** Storage, download links and the job queue, shared with /v1/translate/document. */
  documents: DocumentServices;
  /** The /v1 rate limiter: console translations spend the same per-organization buckets. */
  limiter: RateLimiter;
  /** The signed-in user's id from the session cookie, null when signed out. */
  userId: string | null;
  /** The organization the switcher chose (a cookie); membership is checked on every request. */
  requestedOrgId: string | null;
  /** The client's address (the audit log's IP). */
  ip?: string | null;
  /** The request log's writer: translations made in the console are recorded beside the API's. */
  requestLog?: { record(entry: RequestLogEntry): void };
  requestId: string;
}

export function createConsoleContext(options: Omit<ConsoleContext, "requestId">): ConsoleContext {
  return { ...options, requestId: randomUUID() };
}

const codeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

const t = initTRPC.context<ConsoleContext>().create({
  // Dates stay dates on the page.
  transformer: superjson,
  // The domain's one error type is mapped here, once: its code and message reach the page;
  // an unexpected error reaches it only as a generic message (the server logs the cause).
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (isTolkError(cause)) {
      return {
        ...shape,
        message: cause.message,
        data: { ...shape.data, tolkCode: cause.code, param: cause.extra.param ?? null, stack: undefined },
      };
    }
    if (cause instanceof ZodError) {
      const message = cause.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
      return { ...shape, message, data: { ...shape.data, tolkCode: "bad_request", param: null, stack: undefined } };
    }
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    return {
      ...shape,
      message: internal ? "An internal error occurred. Retry later." : shape.message,
      data: { ...shape.data, tolkCode: internal ? "internal_error" : null, param: null, stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns a domain error into a tRPC error with the matching code (the formatter keeps its message). */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isTolkError(result.error.cause)) {
    const status = result.error.cause.status;
    throw new TRPCError({
      code: codeByStatus[status] ?? "INTERNAL_SERVER_ERROR",
      message: result.error.cause.message,
      cause: result.error.cause,
    });
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapDomainErrors);

/** A signed-in user, any organization. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) throw unauthorized("Sign in first.");
  return next({ ctx: { ...ctx, userId: ctx.userId } });
});

const rank: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/**
 * A signed-in member of the chosen organization with at least `minRole`. The membership (and
 * so the role) is read from the database on every call: this, not the page, is the permission
 * check.
 */
export function orgProcedure(minRole: Role) {
  return authedProcedure.use(async ({ ctx, next, type }) => {
    const membership: Membership | null =
      (await getMembership(ctx.domain, { userId: ctx.userId, orgId: ctx.requestedOrgId })) ??
      // A stale switcher cookie (removed from that org) falls back to the user's first org.
      (ctx.requestedOrgId ? await getMembership(ctx.domain, { userId: ctx.userId }) : null);
    if (!membership) throw forbidden("You are not a member of any organization.");
    if (rank[membership.role] < rank[minRole])
      throw forbidden(`This needs the ${minRole} role; you are ${membership.role}.`);
    // The audit log records this member as the actor of the changes the procedure makes.
    if (type !== "mutation") return next({ ctx: { ...ctx, membership } });
    const actor = {
      type: "user" as const,
      id: ctx.userId,
      label: (await getUserEmail(ctx.domain, { userId: ctx.userId })) ?? ctx.userId,
      ip: ctx.ip ?? null,
    };
    return next({ ctx: { ...ctx, membership, domain: { ...ctx.domain, actor } } });
  });
}
