import { type DomainContext } from "../../context";
import { deleteOwned } from "../shared/owned-resource";
import { memoryKind } from "./memory-view";

/** DELETE /v1/memories/{id}: the memory and its units. */
export function deleteMemory(
  ctx: DomainContext,
  options: { orgId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(ctx, memoryKind, options);
}
