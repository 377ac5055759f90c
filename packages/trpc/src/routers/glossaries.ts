import { addGlossaryEntriesRequest, createGlossaryRequest, glossaryFileFormats, updateGlossaryRequest } from "@tolk/contract";
import {
  addGlossaryEntries,
  createGlossary,
  deleteGlossary,
  deleteGlossaryEntry,
  exportGlossary,
  importGlossary,
  listGlossaries,
  listGlossaryEntries,
  updateGlossary,
} from "@tolk/domain";
import { z } from "zod";

import { orgProcedure, router } from "../trpc";
import { CONSOLE_LIST_LIMIT, importForm, importedFile } from "./resource-files";

const id = z.object({ id: z.string().min(1) });

/** Glossaries, with the use cases of /v1/glossaries. Members manage them: they translate with them. */
export const glossariesRouter = router({
  list: orgProcedure("member").query(({ ctx }) => listGlossaries(ctx.domain, { orgId: ctx.membership.org.id, query: { limit: CONSOLE_LIST_LIMIT } })),
  create: orgProcedure("member")
    .input(createGlossaryRequest)
    .mutation(({ ctx, input }) => createGlossary(ctx.domain, { org: ctx.membership.org, request: input })),
  rename: orgProcedure("member")
    .input(id.extend({ request: updateGlossaryRequest }))
    .mutation(({ ctx, input }) => updateGlossary(ctx.domain, { orgId: ctx.membership.org.id, id: input.id, request: input.request })),
  delete: orgProcedure("member")
    .input(id)
    .mutation(({ ctx, input }) => deleteGlossary(ctx.domain, { orgId: ctx.membership.org.id, id: input.id })),
  entries: orgProcedure("member")
    .input(id.extend({ startingAfter: z.string().min(1).optional() }))
    .query(({ ctx, input }) =>
      listGlossaryEntries(ctx.domain, {
        orgId: ctx.membership.org.id,
        glossaryId: input.id,
        query: { limit: CONSOLE_LIST_LIMIT, starting_after: input.startingAfter },
      }),
    ),
  addEntries: orgProcedure("member")
    .input(id.extend({ request: addGlossaryEntriesRequest }))
    .mutation(({ ctx, input }) => addGlossaryEntries(ctx.domain, { orgId: ctx.membership.org.id, glossaryId: input.id, request: input.request })),
  deleteEntry: orgProcedure("member")
    .input(id.extend({ entryId: z.string().min(1) }))
    .mutation(({ ctx, input }) => deleteGlossaryEntry(ctx.domain, { orgId: ctx.membership.org.id, glossaryId: input.id, entryId: input.entryId })),
  import: orgProcedure("member")
    .input(importForm)
    .mutation(async ({ ctx, input }) => {
      const file = await importedFile(input);
      return importGlossary(ctx.domain, { orgId: ctx.membership.org.id, glossaryId: file.id, format: file.format, content: file.content });
    }),
  export: orgProcedure("member")
    .input(id.extend({ format: z.enum(glossaryFileFormats) }))
    .query(({ ctx, input }) => exportGlossary(ctx.domain, { orgId: ctx.membership.org.id, glossaryId: input.id, format: input.format })),
});
