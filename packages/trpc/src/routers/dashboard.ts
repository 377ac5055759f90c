import { countPlanResources, effectiveLimits, getFirstRunProgress, getQuota } from "@tolk/domain";

import { orgProcedure, router } from "../trpc";

export const dashboardRouter = router({
  quota: orgProcedure("member").query(async ({ ctx }) => ({
    quota: await getQuota(ctx.domain, { org: ctx.membership.org }),
    used: await countPlanResources(ctx.domain, { orgId: ctx.membership.org.id }),
    /** The longest text one request may carry (code points), for the playground's counter. */
    maxTextChars: effectiveLimits(ctx.membership.org).max_text_chars,
  })),
  /** The first-run checklist: shown until a key, a translation and a document exist. */
  firstRun: orgProcedure("member").query(({ ctx }) =>
    getFirstRunProgress(ctx.domain, { orgId: ctx.membership.org.id }),
  ),
});
