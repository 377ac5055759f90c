import { exportAuditLog, listAuditLog } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const auditRouter = router({
  list: orgProcedure("admin")
    .input(z.object({ cursor: z.string().max(200).nullish(), limit: z.number().int().min(1).max(200).optional() }))
    .query(({ ctx, input }) => listAuditLog(ctx.domain, { orgId: ctx.membership.org.id, ...input })),

  /** The whole log as a CSV file. A query: exporting changes nothing. */
  export: orgProcedure("admin").query(async ({ ctx }) => ({
    body: await exportAuditLog(ctx.domain, { orgId: ctx.membership.org.id }),
    contentType: "text/csv;charset=utf-8",
    filename: `tolk-audit-log-${ctx.domain.now().toISOString().slice(0, 10)}.csv`,
  })),
});
