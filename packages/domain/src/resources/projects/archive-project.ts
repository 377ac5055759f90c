import { type ProjectView } from "@tolk/contract";
import { projects } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { ownedBy } from "../shared/owned-resource";
import { getProject } from "./get-project";
import { projectKind, toProjectView } from "./project-view";

/**
 * POST /v1/projects/{id}/archive: the project stops counting toward `projects_max`. Archiving an
 * archived project changes nothing (its archived_at stays the first one).
 */
export async function archiveProject(ctx: DomainContext, options: { orgId: string; id: string }): Promise<ProjectView> {
  const [row] = await ctx.db
    .update(projects)
    .set({ status: "archived", archivedAt: ctx.now() })
    .where(and(ownedBy(projectKind, options.orgId, options.id), eq(projects.status, "active")))
    .returning();
  return row ? toProjectView(row) : getProject(ctx, options);
}
