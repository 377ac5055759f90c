import { countPlanResources, getQuota } from "@tolk/domain";

import { orgProcedure, router } from "../trpc";

export const dashboardRouter = router({
  quota: orgProcedure("member").query(async ({ ctx }) => ({
    quota: await getQuota(ctx.domain, { org: ctx.membership.org }),
    used: await countPlanResources(ctx.domain, { orgId: ctx.membership.org.id }),
  })),
});
