import { addMemoryUnitsRequest, createMemoryRequest } from "@tolk/contract";
import { addMemoryUnits, createMemory, deleteMemory, deleteMemoryUnit, exportMemory, importMemory, listMemories, listMemoryUnits } from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";
import { CONSOLE_LIST_LIMIT, importForm, importedFile } from "./resource-files";

const id = z.object({ id: z.string().min(1) });

/** Translation memories, with the use cases of /v1/memories (edited unit by unit; TMX in and out). */
export const memoriesRouter = router({
  list: orgProcedure("member").query(({ ctx }) => listMemories(ctx.domain, { orgId: ctx.membership.org.id, query: { limit: CONSOLE_LIST_LIMIT } })),
  create: orgProcedure("member")
    .input(createMemoryRequest)
    .mutation(({ ctx, input }) => createMemory(ctx.domain, { org: ctx.membership.org, request: input })),
  delete: orgProcedure("member")
    .input(id)
    .mutation(({ ctx, input }) => deleteMemory(ctx.domain, { orgId: ctx.membership.org.id, id: input.id })),
  units: orgProcedure("member")
    .input(id.extend({ startingAfter: z.string().min(1).optional() }))
    .query(({ ctx, input }) =>
      listMemoryUnits(ctx.domain, {
        orgId: ctx.membership.org.id,
        memoryId: input.id,
        query: { limit: CONSOLE_LIST_LIMIT, starting_after: input.startingAfter },
      }),
    ),
  addUnits: orgProcedure("member")
    .input(id.extend({ request: addMemoryUnitsRequest }))
    .mutation(({ ctx, input }) => addMemoryUnits(ctx.domain, { orgId: ctx.membership.org.id, memoryId: input.id, request: input.request })),
  deleteUnit: orgProcedure("member")
    .input(id.extend({ unitId: z.string().min(1) }))
    .mutation(({ ctx, input }) => deleteMemoryUnit(ctx.domain, { orgId: ctx.membership.org.id, memoryId: input.id, unitId: input.unitId })),
  import: orgProcedure("member")
    .input(importForm)
    .mutation(async ({ ctx, input }) => {
      const file = await importedFile(input);
      return importMemory(ctx.domain, { orgId: ctx.membership.org.id, memoryId: file.id, format: file.format, content: file.content });
    }),
  export: orgProcedure("member")
    .input(id)
    .query(({ ctx, input }) => exportMemory(ctx.domain, { orgId: ctx.membership.org.id, memoryId: input.id })),
});
