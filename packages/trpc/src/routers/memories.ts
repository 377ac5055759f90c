import { addMemoryUnitsRequest, createMemoryRequest } from "@tolk/contract";
import {
  addMemoryUnits,
  createMemory,
  deleteMemory,
  deleteMemoryUnit,
  exportMemory,
  importMemory,
  listMemories,
  listMemoryUnits,
} from "@tolk/domain";

import { router } from "../trpc";
import { contentProcedures, fileProcedures, resourceProcedures } from "./resource-procedures";

const units = contentProcedures(
  { parent: "memoryId", item: "unitId" },
  { list: listMemoryUnits, addRequest: addMemoryUnitsRequest, add: addMemoryUnits, remove: deleteMemoryUnit },
);

/** Translation memories, with the use cases of /v1/memories (edited unit by unit; TMX in and out). */
export const memoriesRouter = router({
  ...resourceProcedures({
    list: listMemories,
    createRequest: createMemoryRequest,
    create: createMemory,
    delete: deleteMemory,
  }),
  units: units.list,
  addUnits: units.add,
  deleteUnit: units.remove,
  ...fileProcedures("memoryId", { import: importMemory, export: exportMemory, exportInput: {} }),
});
