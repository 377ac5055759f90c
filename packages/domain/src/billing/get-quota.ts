import { type Quota } from "@tolk/contract";

import { type Principal } from "../auth/principal";
import { type DomainContext } from "../context";
import { effectiveLimits } from "../plans";
import { getCreditBalance } from "./get-credit-balance";

/** GET /v1/quota. */
export async function getQuota(ctx: DomainContext, principal: Pick<Principal, "org">): Promise<Quota> {
  const limits = effectiveLimits(principal.org);
  return {
    plan: principal.org.plan,
    credits: await getCreditBalance(ctx, principal.org),
    rate_limits: {
      translate_per_min: limits.translate_per_min,
      segment_per_min: limits.segment_per_min,
      analyze_per_min: limits.analyze_per_min,
      api_per_min: limits.api_per_min,
    },
    limits: {
      translation_memories_max: limits.translation_memories_max,
      glossaries_max: limits.glossaries_max,
      brandvoice_profiles_max: limits.brandvoice_profiles_max,
      projects_max: limits.projects_max,
    },
  };
}
