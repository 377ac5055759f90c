import { type ApiKey, apiKeys, organizations } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type Scope } from "@tolk/contract";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";
import { apiKeyHint, generateApiKey, hashApiKey } from "./api-key-format";
import { apiKeyAuditLabel } from "./audit-label";
import { readExpiry } from "./key-expiry";
import { isKeyNameConflict, keyNameTaken, readKeyName } from "./key-name";

export interface CreateApiKeyOptions {
  orgId: string;
  name: string;
  scopes: Scope[];
  createdBy?: string | null;
  /** From this instant on the key is refused; absent or null: it never expires. */
  expiresAt?: Date | null;
}

/** Creates a key and returns its plaintext: the only time anyone sees it. */
export async function createApiKey(
  ctx: DomainContext,
  options: CreateApiKeyOptions,
): Promise<{ key: ApiKey; plaintext: string }> {
  const name = readKeyName(options.name);
  if (options.scopes.length === 0) throw badRequest("At least one scope is required.", "scopes");
  const expiresAt = readExpiry(options.expiresAt, ctx.now());
  const [org] = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, options.orgId));
  if (!org) throw notFound("Organization");

  const plaintext = generateApiKey();
  try {
    return await withTransaction(ctx, async (tx, txCtx) => {
      const [key] = await tx
        .insert(apiKeys)
        .values({
          orgId: options.orgId,
          name,
          keyHash: hashApiKey(plaintext),
          hint: apiKeyHint(plaintext),
          scopes: options.scopes,
          createdBy: options.createdBy ?? null,
          createdAt: ctx.now(),
          expiresAt,
        })
        .returning();
      if (!key) throw new Error("insert returned no row");
      await recordAudit(txCtx, {
        orgId: key.orgId,
        action: "api_key.created",
        target: { type: "api_key", id: key.id, label: apiKeyAuditLabel(key) },
      });
      return { key, plaintext };
    });
  } catch (err) {
    if (isKeyNameConflict(err)) throw await keyNameTaken(ctx, options.orgId, name);
    throw err;
  }
}
