import { apiKeys, auditLog, users } from "@tolk/db";
import { and, desc, eq, getTableColumns, lt, or, sql } from "drizzle-orm";

import { type DomainContext } from "../context";
import { decodeCursor, encodeCursor } from "../shared/cursor";

/**
 * The rows with the actor as a reader knows it: a key by its name and hint, a member by e-mail
 * (the stored label when the key or user is gone).
 */
function selectRows(ctx: DomainContext) {
  return ctx.db
    .select({
      ...getTableColumns(auditLog),
      actorLabel: sql<string>`coalesce(${users.email}, ${apiKeys.name} || ' (' || ${apiKeys.hint} || ')', ${auditLog.actorLabel})`,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.actorType, "user"), eq(users.id, auditLog.actorId)))
    .leftJoin(apiKeys, and(eq(auditLog.actorType, "api_key"), eq(apiKeys.id, auditLog.actorId)));
}

/** An organization's audit log, newest first, a page at a time (`cursor` from the previous page). */
export async function listAuditLog(
  ctx: DomainContext,
  options: { orgId: string; cursor?: string | null; limit?: number },
) {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 1000);
  const after = decodeCursor(options.cursor);
  const rows = await selectRows(ctx)
    .where(
      and(
        eq(auditLog.orgId, options.orgId),
        after
          ? or(lt(auditLog.createdAt, after.at), and(eq(auditLog.createdAt, after.at), lt(auditLog.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** The audit log as CSV (RFC 4180), newest first: every record of the organization. */
export async function exportAuditLog(ctx: DomainContext, options: { orgId: string }): Promise<string> {
  const rows = await selectRows(ctx)
    .where(eq(auditLog.orgId, options.orgId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const cell = (raw: string | null) => {
    if (raw === null) return "";
    // A label an API caller chose must not run as a spreadsheet formula.
    const v = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
    return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  };
  const lines = ["time,actor_type,actor,action,target_type,target_id,target,ip"];
  for (const r of rows) {
    lines.push(
      [r.createdAt.toISOString(), r.actorType, r.actorLabel, r.action, r.targetType, r.targetId, r.targetLabel, r.ip]
        .map(cell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
