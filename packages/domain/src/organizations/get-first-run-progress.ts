import { apiKeys, documentJobs, usageEvents } from "@tolk/db";
import { and, eq, isNotNull } from "drizzle-orm";

import { type DomainContext } from "../context";

/**
 * The dashboard's first-run checklist: what a new organization has done of the three first
 * steps. A key made by the operator's CLI when the organization was created does not count: the
 * step is an admin making one for an integration in the console. Each check is one indexed
 * existence query (`limit 1`), so the dashboard stays cheap for organizations with a long history.
 */
export async function getFirstRunProgress(ctx: DomainContext, options: { orgId: string }) {
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  const [createdKey, translated, uploadedDocument] = await Promise.all([
    exists(
      ctx.db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.orgId, options.orgId), isNotNull(apiKeys.createdBy)))
        .limit(1),
    ),
    exists(
      ctx.db.select({ id: usageEvents.id }).from(usageEvents).where(eq(usageEvents.orgId, options.orgId)).limit(1),
    ),
    exists(
      ctx.db.select({ id: documentJobs.id }).from(documentJobs).where(eq(documentJobs.orgId, options.orgId)).limit(1),
    ),
  ]);
  return { createdKey, translated, uploadedDocument };
}
