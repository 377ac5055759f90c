import { type GlossaryView, type ListQuery, type Page } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { listOwned } from "../shared/owned-resource";
import { glossaryKind } from "./glossary-view";

/** GET /v1/glossaries: the organization's glossaries, oldest first, a page at a time. */
export function listGlossaries(
  ctx: DomainContext,
  options: { orgId: string; query: ListQuery },
): Promise<Page<GlossaryView>> {
  return listOwned(ctx, glossaryKind, options);
}
