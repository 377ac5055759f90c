import { memoryUnits } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { type ExportedFile, exportFilename } from "../shared/exported-file";
import { findMemory } from "./memory-view";
import { writeTmx } from "./tmx";

/** GET /v1/memories/{id}/export: every unit as TMX 1.4. */
export async function exportMemory(
  ctx: DomainContext,
  options: { orgId: string; memoryId: string },
): Promise<ExportedFile> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  const rows = await ctx.db
    .select()
    .from(memoryUnits)
    .where(eq(memoryUnits.memoryId, memory.id))
    .orderBy(asc(memoryUnits.createdAt), asc(memoryUnits.id));
  return {
    body: writeTmx(memory, rows),
    contentType: "application/x-tmx+xml; charset=utf-8",
    filename: exportFilename(memory.name, "tmx", memory.id),
  };
}
