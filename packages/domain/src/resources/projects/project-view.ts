import { type ProjectView } from "@tolk/contract";
import { type Project } from "@tolk/db";

export const toProjectView = (row: Project): ProjectView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  archived_at: row.archivedAt?.toISOString() ?? null,
});
