import { type GlossaryView, type UpdateGlossaryRequest } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { updateOwned } from "../shared/owned-resource";
import { getGlossary } from "./get-glossary";
import { glossaryKind } from "./glossary-view";

/** PATCH /v1/glossaries/{id}: the name. Languages are fixed (the entries are written in them). */
export async function updateGlossary(
  ctx: DomainContext,
  options: { orgId: string; id: string; request: UpdateGlossaryRequest },
): Promise<GlossaryView> {
  await updateOwned(ctx, glossaryKind, {
    orgId: options.orgId,
    id: options.id,
    changes: { name: options.request.name, updatedAt: ctx.now() },
  });
  return getGlossary(ctx, options);
}
