import { type CreateGlossaryRequest, type GlossaryView } from "@tolk/contract";
import { glossaries } from "@tolk/db";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createOwned } from "../shared/owned-resource";
import { glossaryKind, toGlossaryView } from "./glossary-view";
import { upsertGlossaryEntries } from "./upsert-glossary-entries";

/** POST /v1/glossaries: within the plan's `glossaries_max` (403 plan_limit_reached beyond). */
export async function createGlossary(
  ctx: DomainContext,
  options: { org: PrincipalOrg; request: CreateGlossaryRequest },
): Promise<GlossaryView> {
  const { request } = options;
  const now = ctx.now();
  return createOwned(ctx, glossaryKind, {
    org: options.org,
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
