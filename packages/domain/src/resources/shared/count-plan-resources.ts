import { brandVoices, glossaries, projects, translationMemories } from "@tolk/db";
import { and, count, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";

export interface PlanResourceCounts {
  translation_memories: number;
  glossaries: number;
  brandvoice_profiles: number;
  projects: number;
}

/**
 * What counts against each of the plan's resource limits, counted as the create use cases count
 * it (projects: only active ones, as archiving frees a slot).
 */
export async function countPlanResources(ctx: DomainContext, options: { orgId: string }): Promise<PlanResourceCounts> {
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  const [tms, gls, bvs, prs] = await Promise.all([
    n(ctx.db.select({ n: count() }).from(translationMemories).where(eq(translationMemories.orgId, options.orgId))),
    n(ctx.db.select({ n: count() }).from(glossaries).where(eq(glossaries.orgId, options.orgId))),
    n(ctx.db.select({ n: count() }).from(brandVoices).where(eq(brandVoices.orgId, options.orgId))),
    n(
      ctx.db
        .select({ n: count() })
        .from(projects)
        .where(and(eq(projects.orgId, options.orgId), eq(projects.status, "active"))),
    ),
  ]);
  return { translation_memories: tms, glossaries: gls, brandvoice_profiles: bvs, projects: prs };
}
