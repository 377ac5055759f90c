import { type CreateMemoryRequest, type MemoryView } from "@tolk/contract";
import { translationMemories } from "@tolk/db";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createOwned } from "../shared/owned-resource";
import { memoryKind, toMemoryView } from "./memory-view";

/** POST /v1/memories: within the plan's `translation_memories_max`. */
export async function createMemory(
  ctx: DomainContext,
  options: { org: PrincipalOrg; request: CreateMemoryRequest },
): Promise<MemoryView> {
  const { request } = options;
  return createOwned(ctx, memoryKind, {
    org: options.org,
    insert: async (tx) => {
      const [row] = await tx
        .insert(translationMemories)
        .values({
          orgId: options.org.id,
          name: request.name,
          sourceLang: request.source_lang,
          targetLang: request.target_lang,
          createdAt: ctx.now(),
        })
        .returning();
      if (!row) throw new Error("memory insert returned no row");
      return toMemoryView({ ...row, unitCount: 0 });
    },
  });
}
