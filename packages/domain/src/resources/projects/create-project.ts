import { type CreateProjectRequest, type ProjectView } from "@tolk/contract";
import { projects } from "@tolk/db";
import { and, count, eq } from "drizzle-orm";

import { type PrincipalOrg } from "../../auth/principal";
import { type DomainContext } from "../../context";
import { createWithinPlanLimit } from "../shared/plan-limit";
import { toProjectView } from "./project-view";

/** POST /v1/projects: within the plan's `projects_max`, which counts active projects only. */
export async function createProject(ctx: DomainContext, options: { org: PrincipalOrg; request: CreateProjectRequest }): Promise<ProjectView> {
  return createWithinPlanLimit(ctx, {
    org: options.org,
    limit: "projects_max",
    what: "active projects",
    count: async (tx) =>
      (
        await tx
          .select({ n: count() })
          .from(projects)
          .where(and(eq(projects.orgId, options.org.id), eq(projects.status, "active")))
      )[0]?.n ?? 0,
    insert: async (tx) => {
      const [row] = await tx
        .insert(projects)
        .values({ orgId: options.org.id, name: options.request.name, description: options.request.description ?? null, createdAt: ctx.now() })
        .returning();
      if (!row) throw new Error("project insert returned no row");
      return toProjectView(row);
    },
  });
}
