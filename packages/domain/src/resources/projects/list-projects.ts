import { type ListQuery, type Page, type ProjectView } from "@tolk/contract";
import { projects } from "@tolk/db";
import { asc, eq } from "drizzle-orm";

import { type DomainContext } from "../../context";
import { pageOf } from "../shared/pagination";
import { toProjectView } from "./project-view";

/** GET /v1/projects: active and archived, oldest first. */
export async function listProjects(ctx: DomainContext, options: { orgId: string; query: ListQuery }): Promise<Page<ProjectView>> {
  const page = await pageOf(ctx, projects, {
    scope: eq(projects.orgId, options.orgId),
    limit: options.query.limit,
    startingAfter: options.query.starting_after,
    fetch: (where, take) => ctx.db.select().from(projects).where(where).orderBy(asc(projects.createdAt), asc(projects.id)).limit(take),
  });
  return { ...page, items: page.items.map(toProjectView) };
}
