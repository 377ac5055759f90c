import { type ListQuery, type Page, type ProjectView } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { listOwned } from "../shared/owned-resource";
import { projectKind } from "./project-view";

/** GET /v1/projects: active and archived, oldest first. */
export function listProjects(
  ctx: DomainContext,
  options: { orgId: string; query: ListQuery },
): Promise<Page<ProjectView>> {
  return listOwned(ctx, projectKind, options);
}
