import { getQuota } from "@tolk/domain";

import { orgProcedure, router } from "../trpc";

/** Plan resources not built yet report 0 used; their issues replace these counts. */
const RESOURCE_USAGE_NOT_BUILT = { translation_memories: 0, glossaries: 0, brandvoice_profiles: 0, projects: 0 };

export const dashboardRouter = router({
  quota: orgProcedure("member").query(async ({ ctx }) => ({
    quota: await getQuota(ctx.domain, { org: ctx.membership.org }),
    used: RESOURCE_USAGE_NOT_BUILT,
  })),
});
