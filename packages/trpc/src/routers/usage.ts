import { billingPeriod, getDailyUsage } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");

export const usageRouter = router({
  /** Per day, target language and API key; with the current billing period for the page's preset. */
  daily: orgProcedure("member")
    .input(z.object({ from: isoDay.optional(), to: isoDay.optional() }))
    .query(async ({ ctx, input }) => {
      const period = billingPeriod(ctx.membership.org.billingAnchor, ctx.domain.now());
      return {
        ...(await getDailyUsage(ctx.domain, { orgId: ctx.membership.org.id, ...input })),
        period: {
          from: period.start.toISOString().slice(0, 10),
          to: new Date(period.end.getTime() - 1).toISOString().slice(0, 10),
        },
      };
    }),
});
