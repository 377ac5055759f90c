import { type ProjectView } from "@tolk/contract";
import { type Project, projects } from "@tolk/db";
import { eq } from "drizzle-orm";

import { resourceKind } from "../shared/owned-resource";

export const toProjectView = (row: Project): ProjectView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  archived_at: row.archivedAt?.toISOString() ?? null,
});

/** Projects among the organization's resources: only active ones count toward `projects_max`; no audit records. */
export const projectKind = resourceKind({
  table: projects,
  noun: "Project",
  limit: "projects_max",
  counted: "active projects",
  countedOnly: eq(projects.status, "active"),
  select: (db) => db.select().from(projects).$dynamic(),
  view: (row) => toProjectView(row),
});
