import { apiKeys, requestLog, usageEvents } from "@tolk/db";
import { and, desc, eq, gte, lt, or, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { decodeCursor, encodeCursor } from "./cursor";

export type StatusClass = "2xx" | "3xx" | "4xx" | "5xx";

export interface RequestLogFilter {
  orgId: string;
  keyId?: string | null;
  status?: StatusClass | null;
  route?: string | null;
  /** An exact request id (the X-Request-Id a caller reports). */
  requestId?: string | null;
  cursor?: string | null;
  limit?: number;
}

/**
 * An organization's requests, newest first, a page at a time, with each request's key (name and
 * hint) and the credits it spent (its usage events; documents are billed by their job instead).
 */
export async function listRequestLog(ctx: DomainContext, options: RequestLogFilter) {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const after = decodeCursor(options.cursor);
  const statusFloor = options.status ? Number(options.status[0]) * 100 : null;
  const rows = await ctx.db
    .select({
      id: requestLog.id,
      requestId: requestLog.requestId,
      createdAt: requestLog.createdAt,
      method: requestLog.method,
      route: requestLog.route,
      status: requestLog.status,
      durationMs: requestLog.durationMs,
      errorCode: requestLog.errorCode,
      errorMessage: requestLog.errorMessage,
      keyId: requestLog.apiKeyId,
      keyName: apiKeys.name,
      keyHint: apiKeys.hint,
      credits: sql<string>`coalesce((select sum(${usageEvents.credits}) from ${usageEvents}
        where ${usageEvents.requestId} = ${requestLog.requestId} and ${usageEvents.orgId} = ${requestLog.orgId}), 0)`,
    })
    .from(requestLog)
    .leftJoin(apiKeys, eq(apiKeys.id, requestLog.apiKeyId))
    .where(
      and(
        eq(requestLog.orgId, options.orgId),
        options.keyId ? eq(requestLog.apiKeyId, options.keyId) : undefined,
        statusFloor !== null ? and(gte(requestLog.status, statusFloor), lt(requestLog.status, statusFloor + 100)) : undefined,
        options.route ? eq(requestLog.route, options.route) : undefined,
        options.requestId ? eq(requestLog.requestId, options.requestId.trim()) : undefined,
        after ? or(lt(requestLog.createdAt, after.at), and(eq(requestLog.createdAt, after.at), lt(requestLog.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(requestLog.createdAt), desc(requestLog.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => ({ ...r, credits: Number(r.credits) }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** The routes an organization's log holds, for the route filter. */
export async function listRequestLogRoutes(ctx: DomainContext, options: { orgId: string }): Promise<string[]> {
  const rows = await ctx.db.selectDistinct({ route: requestLog.route }).from(requestLog).where(eq(requestLog.orgId, options.orgId)).orderBy(requestLog.route);
  return rows.map((r) => r.route);
}

/** Deletes entries older than the retention; returns how many went. */
export async function pruneRequestLog(ctx: DomainContext, options: { retentionMs: number }): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - options.retentionMs);
  const deleted = await ctx.db.delete(requestLog).where(lt(requestLog.createdAt, cutoff)).returning({ id: requestLog.id });
  return deleted.length;
}
