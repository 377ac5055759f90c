import { type CreateMemoryRequest, type MemoryView } from "@tolk/contract";
import { translationMemories } from "@tolk/db";
import { count, eq } from "drizzle-orm";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createWithinPlanLimit } from "../shared/plan-limit";
import { toMemoryView } from "./memory-view";

/** POST /v1/memories: within the plan's `translation_memories_max`. */
export async function createMemory(ctx: DomainContext, options: { org: PrincipalOrg; request: CreateMemoryRequest }): Promise<MemoryView> {
  const { request } = options;
  return createWithinPlanLimit(ctx, {
    org: options.org,
    limit: "translation_memories_max",
    audit: (v) => ({ action: "memory.created", target: { type: "memory", id: v.id, label: v.name } }),
    what: "translation memories",
    count: async (tx) => (await tx.select({ n: count() }).from(translationMemories).where(eq(translationMemories.orgId, options.org.id)))[0]?.n ?? 0,
    insert: async (tx) => {
      const [row] = await tx
        .insert(translationMemories)
        .values({ orgId: options.org.id, name: request.name, sourceLang: request.source_lang, targetLang: request.target_lang, createdAt: ctx.now() })
        .returning();
      if (!row) throw new Error("memory insert returned no row");
      return toMemoryView({ ...row, unitCount: 0 });
    },
  });
}
