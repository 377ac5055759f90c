import { languageCode } from "@tolk/contract";
import { organizations } from "@tolk/db";
import { and, eq, ne } from "drizzle-orm";

import { recordAudit } from "../audit/record-audit";
import { type DomainContext, withTransaction } from "../context";
import { TolkError, badRequest, notFound } from "../errors";

/**
 * Renames an organization, sets its identity-provider id (the org claim session tokens may
 * carry instead of our id), when given its default source language, and whether the built-in
 * localization terminology applies by default. The plan is not a setting: operators change it
 * with the CLI.
 */
export async function updateOrganizationSettings(
  ctx: DomainContext,
  options: {
    orgId: string;
    name: string;
    idpOrgId: string | null;
    /** A language code, "none", or null for the deployment's default; undefined keeps it. */
    defaultSourceLang?: string | null;
    /** The built-in localization terminology where it applies by default; absent: unchanged. */
    localizationTerms?: boolean;
  },
) {
  const name = options.name.trim();
  if (!name || name.length > 200) throw badRequest("An organization name of 1 to 200 characters is required.", "name");
  const idpOrgId = options.idpOrgId?.trim() || null;
  if (idpOrgId && idpOrgId.length > 200)
    throw badRequest("The identity-provider id may have at most 200 characters.", "idp_org_id");
  const defaultSourceLang =
    options.defaultSourceLang === undefined ? undefined : readDefaultSourceLang(options.defaultSourceLang);
  if (idpOrgId) {
    const [taken] = await ctx.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.idpOrgId, idpOrgId), ne(organizations.id, options.orgId)));
    if (taken) {
      throw new TolkError(
        409,
        "already_exists",
        "invalid_request_error",
        "Another organization uses this identity-provider id.",
        { param: "idp_org_id" },
      );
    }
  }
  return withTransaction(ctx, async (tx, txCtx) => {
    const [org] = await tx
      .update(organizations)
      .set({
        name,
        idpOrgId,
        ...(defaultSourceLang === undefined ? {} : { defaultSourceLang }),
        ...(options.localizationTerms === undefined ? {} : { localizationTerms: options.localizationTerms }),
      })
      .where(eq(organizations.id, options.orgId))
      .returning({
        id: organizations.id,
        name: organizations.name,
        plan: organizations.plan,
        idpOrgId: organizations.idpOrgId,
        defaultSourceLang: organizations.defaultSourceLang,
        localizationTerms: organizations.localizationTerms,
      });
    if (!org) throw notFound("Organization");
    const label = `name ${org.name}, identity-provider id ${org.idpOrgId ?? "none"}, default source language ${org.defaultSourceLang ?? "the deployment's"}, built-in terminology ${org.localizationTerms ? "on" : "off"}`;
    await recordAudit(txCtx, {
      orgId: org.id,
      action: "settings.updated",
      target: { type: "organization", id: org.id, label },
    });
    return org;
  });
}

/** A language code (normalised: "EN-us" → "en"), "none", or null; anything else is a 400. */
function readDefaultSourceLang(value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  if (value.trim().toLowerCase() === "none") return "none";
  const parsed = languageCode.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      `'${value.slice(0, 20)}' is not a language code: use an ISO 639-1 code such as en, or none to refuse undetectable texts.`,
      "default_source_lang",
    );
  }
  return parsed.data;
}
