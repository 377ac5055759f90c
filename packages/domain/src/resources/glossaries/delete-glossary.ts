import { type DomainContext } from "../../context";
import { deleteOwned } from "../shared/owned-resource";
import { glossaryKind } from "./glossary-view";

/** DELETE /v1/glossaries/{id}: the glossary and its entries. */
export function deleteGlossary(
  ctx: DomainContext,
  options: { orgId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(ctx, glossaryKind, options);
}
