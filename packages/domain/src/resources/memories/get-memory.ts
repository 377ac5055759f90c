import { type MemoryView } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { getOwned } from "../shared/owned-resource";
import { memoryKind } from "./memory-view";

/** GET /v1/memories/{id}. */
export function getMemory(ctx: DomainContext, options: { orgId: string; id: string }): Promise<MemoryView> {
  return getOwned(ctx, memoryKind, options);
}
