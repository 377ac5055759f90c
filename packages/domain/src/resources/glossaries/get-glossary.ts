import { type GlossaryView } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { getOwned } from "../shared/owned-resource";
import { glossaryKind } from "./glossary-view";

/** GET /v1/glossaries/{id}. */
export function getGlossary(ctx: DomainContext, options: { orgId: string; id: string }): Promise<GlossaryView> {
  return getOwned(ctx, glossaryKind, options);
}
