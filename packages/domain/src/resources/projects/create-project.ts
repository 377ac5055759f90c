import { type CreateProjectRequest, type ProjectView } from "@tolk/contract";
import { projects } from "@tolk/db";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createOwned } from "../shared/owned-resource";
import { projectKind, toProjectView } from "./project-view";

/** POST /v1/projects: within the plan's `projects_max`, which counts active projects only. */
export async function createProject(
  ctx: DomainContext,
  options: { org: PrincipalOrg; request: CreateProjectRequest },
): Promise<ProjectView> {
  return createOwned(ctx, projectKind, {
    org: options.org,
    insert: async (tx) => {
      const [row] = await tx
        .insert(projects)
        .values({
          orgId: options.org.id,
          name: options.request.name,
          description: options.request.description ?? null,
          createdAt: ctx.now(),
        })
        .returning();
      if (!row) throw new Error("project insert returned no row");
      return toProjectView(row);
    },
  });
}
