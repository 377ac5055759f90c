import {
  addGlossaryEntriesRequest,
  createGlossaryRequest,
  glossaryFileFormats,
  updateGlossaryRequest,
} from "@tolk/contract";
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

import { router } from "../trpc";
import { contentProcedures, fileProcedures, resourceProcedures, updateProcedure } from "./resource-procedures";

const entries = contentProcedures(
  { parent: "glossaryId", item: "entryId" },
  {
    list: listGlossaryEntries,
    addRequest: addGlossaryEntriesRequest,
    add: addGlossaryEntries,
    remove: deleteGlossaryEntry,
  },
);

/** Glossaries, with the use cases of /v1/glossaries. Members manage them: they translate with them. */
export const glossariesRouter = router({
  ...resourceProcedures({
    list: listGlossaries,
    createRequest: createGlossaryRequest,
    create: createGlossary,
    delete: deleteGlossary,
  }),
  rename: updateProcedure(updateGlossaryRequest, updateGlossary),
  entries: entries.list,
  addEntries: entries.add,
  deleteEntry: entries.remove,
  ...fileProcedures("glossaryId", {
    import: importGlossary,
    export: exportGlossary,
    exportInput: { format: z.enum(glossaryFileFormats) },
  }),
});
