import { type ProjectView } from "@tolk/contract";
import { projects } from "@tolk/db";
import { and, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { notFound } from "../../errors";
import { toProjectView } from "./project-view";

/** GET /v1/projects/{id}. */
export async function getProject(ctx: DomainContext, options: { orgId: string; id: string }): Promise<ProjectView> {
  const [row] = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, options.id), eq(projects.orgId, options.orgId)));
  if (!row) throw notFound(`Project '${options.id}'`);
  return toProjectView(row);
}
