import { apiKeys, requestLog, usageEvents, users } from "@tolk/db";
import { and, desc, eq, gte, lt, or, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { badRequest, notFound } from "../errors";
import { decodeCursor, encodeCursor } from "../shared/cursor";
import { type RequestSource } from "./request-log-entry";

export type StatusClass = "2xx" | "3xx" | "4xx" | "5xx";

export interface RequestLogFilter {
  orgId: string;
  keyId?: string | null;
  status?: StatusClass | null;
  route?: string | null;
  source?: RequestSource | null;
  /** An exact request id (the X-Request-Id a caller reports). */
  requestId?: string | null;
  /** Requests made at or after this instant. */
  from?: Date | null;
  /** Requests made before this instant. */
  to?: Date | null;
  cursor?: string | null;
  limit?: number;
}

// What a row shows and the detail adds to it: the key's name and hint, the member's e-mail, and
// the credits the request spent (its usage events; documents are billed by their job instead).
const rowColumns = {
  id: requestLog.id,
  requestId: requestLog.requestId,
  createdAt: requestLog.createdAt,
  source: requestLog.source,
  method: requestLog.method,
  route: requestLog.route,
  status: requestLog.status,
  durationMs: requestLog.durationMs,
  errorCode: requestLog.errorCode,
  errorMessage: requestLog.errorMessage,
  keyId: requestLog.apiKeyId,
  keyName: apiKeys.name,
  keyHint: apiKeys.hint,
  userId: requestLog.userId,
  userEmail: users.email,
  credits: sql<string>`coalesce((select sum(${usageEvents.credits}) from ${usageEvents}
    where ${usageEvents.requestId} = ${requestLog.requestId} and ${usageEvents.orgId} = ${requestLog.orgId}), 0)`,
};

function selectRows(ctx: DomainContext) {
  return ctx.db
    .select(rowColumns)
    .from(requestLog)
    .leftJoin(apiKeys, eq(apiKeys.id, requestLog.apiKeyId))
    .leftJoin(users, eq(users.id, requestLog.userId));
}

/**
 * An organization's requests, newest first, a page at a time. A date range bounds
 * (org_id, created_at), the index the newest-first listing walks, so a narrow range reads only
 * its own rows.
 */
export async function listRequestLog(ctx: DomainContext, options: RequestLogFilter) {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  if (options.from && options.to && options.from.getTime() >= options.to.getTime()) {
    throw badRequest("The date range ends before it starts: choose a 'from' earlier than 'to'.", "from");
  }
  const after = decodeCursor(options.cursor);
  const statusFloor = options.status ? Number(options.status[0]) * 100 : null;
  const rows = await selectRows(ctx)
    .where(
      and(
        eq(requestLog.orgId, options.orgId),
        options.from ? gte(requestLog.createdAt, options.from) : undefined,
        options.to ? lt(requestLog.createdAt, options.to) : undefined,
        options.keyId ? eq(requestLog.apiKeyId, options.keyId) : undefined,
        statusFloor !== null
          ? and(gte(requestLog.status, statusFloor), lt(requestLog.status, statusFloor + 100))
          : undefined,
        options.route ? eq(requestLog.route, options.route) : undefined,
        options.source ? eq(requestLog.source, options.source) : undefined,
        options.requestId ? eq(requestLog.requestId, options.requestId.trim()) : undefined,
        after
          ? or(lt(requestLog.createdAt, after.at), and(eq(requestLog.createdAt, after.at), lt(requestLog.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(requestLog.createdAt), desc(requestLog.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => ({ ...r, credits: Number(r.credits) }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** One request of the organization with everything the log holds: the detail view. */
export async function getRequestLogEntry(ctx: DomainContext, options: { orgId: string; id: string }) {
  const [row] = await ctx.db
    .select({ ...rowColumns, operationKey: requestLog.operationKey, requestSummary: requestLog.requestSummary })
    .from(requestLog)
    .leftJoin(apiKeys, eq(apiKeys.id, requestLog.apiKeyId))
    .leftJoin(users, eq(users.id, requestLog.userId))
    .where(and(eq(requestLog.orgId, options.orgId), eq(requestLog.id, options.id)));
  if (!row) throw notFound("That request");
  return { ...row, credits: Number(row.credits) };
}

/** The routes an organization's log holds, for the route filter. */
export async function listRequestLogRoutes(ctx: DomainContext, options: { orgId: string }): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ route: requestLog.route })
    .from(requestLog)
    .where(eq(requestLog.orgId, options.orgId))
    .orderBy(requestLog.route);
  return rows.map((r) => r.route);
}

/** Deletes entries older than the retention; returns how many went. */
export async function pruneRequestLog(ctx: DomainContext, options: { retentionMs: number }): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - options.retentionMs);
  const deleted = await ctx.db
    .delete(requestLog)
    .where(lt(requestLog.createdAt, cutoff))
    .returning({ id: requestLog.id });
  return deleted.length;
}
