import { createBrandVoiceRequest, updateBrandVoiceRequest } from "@tolk/contract";
import { createBrandVoice, deleteBrandVoice, listBrandVoices, updateBrandVoice } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";
import { CONSOLE_LIST_LIMIT } from "./resource-files";

const id = z.object({ id: z.string().min(1) });

/** Brand voices, with the use cases of /v1/brand-voices; export is the JSON of one voice. */
export const brandVoicesRouter = router({
  list: orgProcedure("member").query(({ ctx }) => listBrandVoices(ctx.domain, { orgId: ctx.membership.org.id, query: { limit: CONSOLE_LIST_LIMIT } })),
  create: orgProcedure("member")
    .input(createBrandVoiceRequest)
    .mutation(({ ctx, input }) => createBrandVoice(ctx.domain, { org: ctx.membership.org, request: input })),
  update: orgProcedure("member")
    .input(id.extend({ request: updateBrandVoiceRequest }))
    .mutation(({ ctx, input }) => updateBrandVoice(ctx.domain, { orgId: ctx.membership.org.id, id: input.id, request: input.request })),
  delete: orgProcedure("member")
    .input(id)
    .mutation(({ ctx, input }) => deleteBrandVoice(ctx.domain, { orgId: ctx.membership.org.id, id: input.id })),
});
