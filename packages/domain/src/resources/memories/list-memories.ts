import { type ListQuery, type MemoryView, type Page } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { listOwned } from "../shared/owned-resource";
import { memoryKind } from "./memory-view";

/** GET /v1/memories. */
export function listMemories(
  ctx: DomainContext,
  options: { orgId: string; query: ListQuery },
): Promise<Page<MemoryView>> {
  return listOwned(ctx, memoryKind, options);
}
