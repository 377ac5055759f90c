import { type ImportResult } from "@tolk/contract";

import { type DomainContext, withTransaction } from "../../context";
import { badRequest } from "../../errors";
import { decodeUtf8File } from "../shared/decode-file";
import { findMemory } from "./memory-view";
import { parseTmx } from "./tmx";
import { upsertMemoryUnits } from "./upsert-memory-units";

/**
 * POST /v1/memories/{id}/import: a TMX file. Parsed whole before anything is written, then
 * written in one transaction: a malformed file answers 400 with the line at fault and leaves the
 * memory as it was.
 */
export async function importMemory(
  ctx: DomainContext,
  options: { orgId: string; memoryId: string; format: string; content: Uint8Array },
): Promise<ImportResult> {
  const memory = await findMemory(ctx, options.orgId, options.memoryId);
  const format = options.format.trim().toLowerCase().replace(/^\./u, "");
  if (format !== "tmx")
    throw badRequest(`Unsupported translation memory file format '${options.format}': use tmx.`, "format");
  const parsed = parseTmx(decodeUtf8File(options.content), {
    sourceLang: memory.sourceLang,
    targetLang: memory.targetLang,
  });
  const imported = await withTransaction(ctx, (tx) =>
    upsertMemoryUnits(tx, { memoryId: memory.id, units: parsed.units, now: ctx.now() }),
  );
  return { imported, skipped: parsed.skipped };
}
