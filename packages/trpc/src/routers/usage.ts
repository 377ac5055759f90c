import { getDailyUsage } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");

export const usageRouter = router({
  daily: orgProcedure("member")
    .input(z.object({ from: isoDay.optional(), to: isoDay.optional() }))
    .query(({ ctx, input }) => getDailyUsage(ctx.domain, { orgId: ctx.membership.org.id, ...input })),
});
