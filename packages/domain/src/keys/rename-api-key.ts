import { apiKeys } from "@tolk/db";
import { and, eq, isNull } from "drizzle-orm";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { notFound } from "../errors";
import { isKeyNameConflict, keyNameTaken, readKeyName } from "./key-name";

/**
 * Renames a live key. Names are unique per organization among live keys, whatever the case (the
 * database's index decides, so two concurrent renames cannot both take a name). Renaming changes
 * nothing a request can do, so cached principals stay valid.
 */
export async function renameApiKey(
  ctx: DomainContext,
  options: { keyId: string; orgId: string; name: string },
): Promise<{ id: string; name: string }> {
  const name = readKeyName(options.name);
  try {
    return await withTransaction(ctx, async (tx, txCtx) => {
      const [before] = await tx
        .select({ name: apiKeys.name, hint: apiKeys.hint })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, options.keyId), eq(apiKeys.orgId, options.orgId), isNull(apiKeys.revokedAt)))
        .for("update");
      if (!before) throw notFound("API key");
      if (before.name === name) return { id: options.keyId, name };
      await tx.update(apiKeys).set({ name }).where(eq(apiKeys.id, options.keyId));
      await recordAudit(txCtx, {
        orgId: options.orgId,
        action: "api_key.renamed",
        target: { type: "api_key", id: options.keyId, label: `${before.name} → ${name} (${before.hint})` },
      });
      return { id: options.keyId, name };
    });
  } catch (err) {
    if (isKeyNameConflict(err)) throw await keyNameTaken(ctx, options.orgId, name);
    throw err;
  }
}
