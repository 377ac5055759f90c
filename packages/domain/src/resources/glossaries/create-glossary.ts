import { type CreateGlossaryRequest, type GlossaryView } from "@tolk/contract";
import { glossaries } from "@tolk/db";
import { count, eq } from "drizzle-orm";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createWithinPlanLimit } from "../shared/plan-limit";
import { toGlossaryView } from "./glossary-view";
import { upsertGlossaryEntries } from "./upsert-glossary-entries";

/** POST /v1/glossaries: within the plan's `glossaries_max` (403 plan_limit_reached beyond). */
export async function createGlossary(ctx: DomainContext, options: { org: PrincipalOrg; request: CreateGlossaryRequest }): Promise<GlossaryView> {
  const { request } = options;
  const now = ctx.now();
  return createWithinPlanLimit(ctx, {
    org: options.org,
    limit: "glossaries_max",
    audit: (v) => ({ action: "glossary.created", target: { type: "glossary", id: v.id, label: v.name } }),
    what: "glossaries",
    count: async (tx) => (await tx.select({ n: count() }).from(glossaries).where(eq(glossaries.orgId, options.org.id)))[0]?.n ?? 0,
    insert: async (tx) => {
      const [row] = await tx
        .insert(glossaries)
        .values({
          orgId: options.org.id,
          name: request.name,
          sourceLang: request.source_lang,
          targetLang: request.target_lang,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("glossary insert returned no row");
      const entryCount = await upsertGlossaryEntries(tx, { glossaryId: row.id, entries: request.entries ?? [], now });
      return toGlossaryView({ ...row, entryCount });
    },
  });
}
