import { type ProjectView } from "@tolk/contract";

import { type DomainContext } from "../../context";
import { getOwned } from "../shared/owned-resource";
import { projectKind } from "./project-view";

/** GET /v1/projects/{id}. */
export function getProject(ctx: DomainContext, options: { orgId: string; id: string }): Promise<ProjectView> {
  return getOwned(ctx, projectKind, options);
}
