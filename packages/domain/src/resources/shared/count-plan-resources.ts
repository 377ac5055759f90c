import { type DomainContext } from "../../context";
import { brandVoiceKind } from "../brand-voices/brand-voice-view";
import { glossaryKind } from "../glossaries/glossary-view";
import { memoryKind } from "../memories/memory-view";
import { projectKind } from "../projects/project-view";
import { countOwned } from "./owned-resource";

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
  const [tms, gls, bvs, prs] = await Promise.all(
    [memoryKind, glossaryKind, brandVoiceKind, projectKind].map((kind) => countOwned(ctx.db, kind, options.orgId)),
  );
  return { translation_memories: tms ?? 0, glossaries: gls ?? 0, brandvoice_profiles: bvs ?? 0, projects: prs ?? 0 };
}
