import { orgEngineSecrets, organizations } from "@tolk/db";
import { EngineHttpError, checkDeeplKey, deeplServerUrl, isEngineError } from "@tolk/engines";
import { and, eq, sql } from "drizzle-orm";

import { STRICT_WEBHOOK_POLICY, checkWebhookUrl } from "../alerts/webhook-target";
import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { TolkError, badRequest, notFound } from "../errors";
import { openSecret, sealSecret, secretHint } from "../secrets/secret-box";
import { orgDeeplSealContext } from "../translation/org-engines";

/** What the console shows of an organization's DeepL key: never the key. */
export interface OrgDeeplKeyView {
  configured: boolean;
  /** The key's end, e.g. "…abcd:fx". */
  keyHint: string | null;
  /** The server as saved; null: the key's default. */
  serverUrl: string | null;
  /** The server its requests go to. */
  effectiveUrl: string | null;
  /** DeepL also takes the pairs the deployment's engines serve. */
  preferred: boolean;
  updatedAt: Date | null;
  /** The operator set TOLK_SECRETS_KEY: a key can be saved here. */
  canStore: boolean;
}

const MAX_KEY_LENGTH = 200;

export async function getOrgDeeplKey(
  ctx: DomainContext,
  options: { orgId: string; secretsKey?: string },
): Promise<OrgDeeplKeyView> {
  const [row] = await ctx.db
    .select()
    .from(orgEngineSecrets)
    .where(and(eq(orgEngineSecrets.orgId, options.orgId), eq(orgEngineSecrets.engine, "deepl")));
  const canStore = Boolean(options.secretsKey);
  if (!row)
    return {
      configured: false,
      keyHint: null,
      serverUrl: null,
      effectiveUrl: null,
      preferred: false,
      updatedAt: null,
      canStore,
    };
  return {
    configured: true,
    keyHint: row.keyHint,
    serverUrl: row.serverUrl,
    effectiveUrl: row.serverUrl ?? deeplServerUrl({ authKey: row.keyHint }),
    preferred: row.preferred,
    updatedAt: row.updatedAt,
    canStore,
  };
}

/**
 * Saves (or replaces) the organization's own DeepL API key, its server and whether DeepL is
 * preferred. The key is tried first with one GET /v2/usage on that server: a refused key or an
 * unreachable server is a 400 saying so, and nothing is stored. Stored sealed (secret-box.ts);
 * the organization's `own_engines_version` is raised in the same transaction, so every instance
 * routes its next request with the new key. `authKey` absent keeps the stored key (changing
 * the server or the preference), and is tried again all the same.
 */
export async function saveOrgDeeplKey(
  ctx: DomainContext,
  options: {
    orgId: string;
    /** TOLK_SECRETS_KEY; without it nothing can be stored. */
    secretsKey?: string;
    authKey?: string;
    /** An http(s) URL, or null for the key's default server; absent: unchanged. */
    serverUrl?: string | null;
    preferred?: boolean;
    /** Tries the key (tests may replace the call). */
    check?: typeof checkDeeplKey;
  },
): Promise<OrgDeeplKeyView> {
  const secretsKey = options.secretsKey;
  if (!secretsKey) {
    throw new TolkError(
      503,
      "not_configured",
      "api_error",
      "This server cannot store API keys: its operator has not set TOLK_SECRETS_KEY (docs/configuration.md). Nothing was saved.",
    );
  }
  const stored = await storedKey(ctx, options.orgId, secretsKey);
  const authKey = options.authKey?.trim() || stored?.authKey;
  if (!authKey) throw badRequest("A DeepL API key is required.", "authKey");
  if (authKey.length > MAX_KEY_LENGTH || /\s/u.test(authKey))
    throw badRequest("That does not look like a DeepL API key.", "authKey");
  const serverUrl =
    options.serverUrl === undefined ? (stored?.serverUrl ?? null) : readServerUrl(options.serverUrl, ctx);
  const preferred = options.preferred ?? stored?.preferred ?? false;

  const url = deeplServerUrl({ authKey, url: serverUrl ?? undefined });
  try {
    await (options.check ?? checkDeeplKey)({ authKey, url, keyOwner: "organization" });
  } catch (err) {
    if (!isEngineError(err)) throw err;
    const refused = err instanceof EngineHttpError && (err.status === 401 || err.status === 403);
    throw badRequest(
      refused
        ? `The DeepL server at ${url} refused this key. Check it was copied whole (Free keys end in ":fx") and belongs to this server. Nothing was saved.`
        : `The DeepL server at ${url} could not be asked about this key (${err.message.replace(/^deepl: /u, "")}). Nothing was saved.`,
      "authKey",
    );
  }

  const hint = secretHint(authKey);
  const now = ctx.now();
  await withTransaction(ctx, async (tx, txCtx) => {
    const values = {
      sealedKey: sealSecret(authKey, secretsKey, orgDeeplSealContext(options.orgId)),
      keyHint: hint,
      serverUrl,
      preferred,
      updatedAt: now,
    };
    await tx
      .insert(orgEngineSecrets)
      .values({ orgId: options.orgId, engine: "deepl", ...values })
      .onConflictDoUpdate({ target: [orgEngineSecrets.orgId, orgEngineSecrets.engine], set: values });
    const [org] = await tx
      .update(organizations)
      .set({ ownEnginesVersion: sql`coalesce(${organizations.ownEnginesVersion}, 0) + 1` })
      .where(eq(organizations.id, options.orgId))
      .returning({ id: organizations.id });
    if (!org) throw notFound("Organization");
    const label = `DeepL key ${hint}${options.authKey ? (stored ? " (replaced)" : "") : " (kept)"}, server ${url}, ${preferred ? "preferred" : "for pairs no other engine serves"}`;
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "deepl_key.saved",
      target: { type: "organization", id: options.orgId, label },
    });
  });
  return getOrgDeeplKey(ctx, { orgId: options.orgId, secretsKey });
}

/** Removes the organization's DeepL key: its requests go back to the deployment's engines at once. */
export async function removeOrgDeeplKey(
  ctx: DomainContext,
  options: { orgId: string; secretsKey?: string },
): Promise<OrgDeeplKeyView> {
  await withTransaction(ctx, async (tx, txCtx) => {
    const [removed] = await tx
      .delete(orgEngineSecrets)
      .where(and(eq(orgEngineSecrets.orgId, options.orgId), eq(orgEngineSecrets.engine, "deepl")))
      .returning({ keyHint: orgEngineSecrets.keyHint });
    if (!removed) throw notFound("A DeepL key of this organization");
    await tx.update(organizations).set({ ownEnginesVersion: null }).where(eq(organizations.id, options.orgId));
    await recordAudit(txCtx, {
      orgId: options.orgId,
      action: "deepl_key.removed",
      target: { type: "organization", id: options.orgId, label: `DeepL key ${removed.keyHint}` },
    });
  });
  return getOrgDeeplKey(ctx, options);
}

/** The stored key, opened; null when there is none. A key that no longer opens is as good as none: a new one must be given. */
async function storedKey(ctx: DomainContext, orgId: string, secretsKey: string) {
  const [row] = await ctx.db
    .select()
    .from(orgEngineSecrets)
    .where(and(eq(orgEngineSecrets.orgId, orgId), eq(orgEngineSecrets.engine, "deepl")));
  if (!row) return null;
  let authKey: string | undefined;
  try {
    authKey = openSecret(row.sealedKey, secretsKey, orgDeeplSealContext(orgId));
  } catch {
    authKey = undefined;
  }
  return { authKey, serverUrl: row.serverUrl, preferred: row.preferred };
}

function readServerUrl(value: string | null, ctx: DomainContext): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  // The server calls this URL from inside the operator's network: the webhook rules apply.
  const url = checkWebhookUrl(trimmed, ctx.webhooks ?? STRICT_WEBHOOK_POLICY, {
    name: "DeepL server URL",
    param: "serverUrl",
  });
  if (url.search || url.hash)
    throw badRequest(
      "The DeepL server URL must be a server root such as https://api.deepl.com, without a query.",
      "serverUrl",
    );
  return url.toString().replace(/\/+$/u, "").replace(/\/v2$/u, "");
}
