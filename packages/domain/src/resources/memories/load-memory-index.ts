import { memoryUnits } from "@tolk/db";
import { eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { MemoryIndex } from "./memory-index";

/** Indexes kept per process; the least recently used memory's is dropped first. */
const MAX_CACHED = 32;
const cache = new Map<string, { revision: number; index: Promise<MemoryIndex> }>();

/**
 * The match index of a memory at a given revision. Built from the database once per revision
 * and kept in this process: every instance compares the revision it read in the same request,
 * so a change made through any instance is seen by the next lookup everywhere.
 */
export function loadMemoryIndex(ctx: DomainContext, memory: { id: string; revision: number }): Promise<MemoryIndex> {
  const cached = cache.get(memory.id);
  if (cached && cached.revision === memory.revision) {
    cache.delete(memory.id);
    cache.set(memory.id, cached);
    return cached.index;
  }
  const index = ctx.db
    .select({ id: memoryUnits.id, source: memoryUnits.source, target: memoryUnits.target })
    .from(memoryUnits)
    .where(eq(memoryUnits.memoryId, memory.id))
    .then((rows) => new MemoryIndex(rows));
  cache.set(memory.id, { revision: memory.revision, index });
  index.catch(() => {
    if (cache.get(memory.id)?.index === index) cache.delete(memory.id);
  });
  while (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return index;
}
