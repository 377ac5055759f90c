import { type ApiKey, apiKeys, organizations } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type Scope } from "@tolk/contract";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { badRequest, notFound } from "../errors";
import { apiKeyHint, generateApiKey, hashApiKey } from "./api-key-format";

export interface CreateApiKeyOptions {
  orgId: string;
  name: string;
  scopes: Scope[];
  createdBy?: string | null;
}

/** Creates a key and returns its plaintext: the only time anyone sees it. */
export async function createApiKey(ctx: DomainContext, options: CreateApiKeyOptions): Promise<{ key: ApiKey; plaintext: string }> {
  const name = options.name.trim();
  if (!name || name.length > 100) throw badRequest("A key name of 1 to 100 characters is required.", "name");
  if (options.scopes.length === 0) throw badRequest("At least one scope is required.", "scopes");
  const [org] = await ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, options.orgId));
  if (!org) throw notFound("Organization");

  const plaintext = generateApiKey();
  return withTransaction(ctx, async (tx, txCtx) => {
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
      })
      .returning();
    if (!key) throw new Error("insert returned no row");
    await recordAudit(txCtx, { orgId: key.orgId, action: "api_key.created", target: { type: "api_key", id: key.id, label: `${key.name} (${key.hint})` } });
    return { key, plaintext };
  });
}
