import { type ProjectView } from "@tolk/contract";
import { projects } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { getProject } from "./get-project";
import { toProjectView } from "./project-view";

/**
 * POST /v1/projects/{id}/archive: the project stops counting toward `projects_max`. Archiving an
 * archived project changes nothing (its archived_at stays the first one).
 */
export async function archiveProject(ctx: DomainContext, options: { orgId: string; id: string }): Promise<ProjectView> {
  const [row] = await ctx.db
    .update(projects)
    .set({ status: "archived", archivedAt: ctx.now() })
    .where(and(eq(projects.id, options.id), eq(projects.orgId, options.orgId), eq(projects.status, "active")))
    .returning();
  return row ? toProjectView(row) : getProject(ctx, options);
}
