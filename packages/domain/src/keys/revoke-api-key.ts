import { apiKeys } from "@tolk/db";
import { and, eq, isNull } from "drizzle-orm";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { notFound } from "../errors";
import { apiKeyAuditLabel } from "./audit-label";

/**
 * Revokes a key. Every request looks its key up in the database (no cache), so the key stops
 * working on its very next request, on every instance. `orgId` confines the console to its own.
 */
export async function revokeApiKey(ctx: DomainContext, options: { keyId: string; orgId?: string }): Promise<void> {
  const conditions = [eq(apiKeys.id, options.keyId), isNull(apiKeys.revokedAt)];
  if (options.orgId) conditions.push(eq(apiKeys.orgId, options.orgId));
  await withTransaction(ctx, async (tx, txCtx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: ctx.now() })
      .where(and(...conditions))
      .returning({ id: apiKeys.id, orgId: apiKeys.orgId, name: apiKeys.name, hint: apiKeys.hint });
    if (!revoked) throw notFound("API key");
    await recordAudit(txCtx, {
      orgId: revoked.orgId,
      action: "api_key.revoked",
      target: { type: "api_key", id: revoked.id, label: apiKeyAuditLabel(revoked) },
    });
  });
}
