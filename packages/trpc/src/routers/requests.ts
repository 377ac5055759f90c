import { getRequestLogEntry, listApiKeys, listRequestLog, listRequestLogRoutes } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";

export const requestsRouter = router({
  /** The organization's requests (API and console), newest first; filters combine. */
  list: orgProcedure("admin")
    .input(
      z.object({
        keyId: z.string().max(100).nullish(),
        status: z.enum(["2xx", "3xx", "4xx", "5xx"]).nullish(),
        route: z.string().max(200).nullish(),
        source: z.enum(["api", "console"]).nullish(),
        requestId: z.string().max(200).nullish(),
        /** Made at or after this instant. */
        from: z.date().nullish(),
        /** Made before this instant. */
        to: z.date().nullish(),
        cursor: z.string().max(200).nullish(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
    )
    .query(({ ctx, input }) => listRequestLog(ctx.domain, { orgId: ctx.membership.org.id, ...input })),

  /** One request with its parameters' summary and its whole error: the detail view. */
  get: orgProcedure("admin")
    .input(z.object({ id: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => getRequestLogEntry(ctx.domain, { orgId: ctx.membership.org.id, id: input.id })),

  /** What the filters offer: the routes in the log and the organization's keys. */
  filters: orgProcedure("admin").query(async ({ ctx }) => ({
    routes: await listRequestLogRoutes(ctx.domain, { orgId: ctx.membership.org.id }),
    keys: (await listApiKeys(ctx.domain, { orgId: ctx.membership.org.id })).map((k) => ({
      id: k.id,
      name: k.name,
      hint: k.hint,
    })),
  })),
});
