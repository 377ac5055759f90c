import { operations } from "@tolk/contract";
import { createProject, listProjects } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.listProjects, async ({ app, principal, query }) => ({
    data: await listProjects(app.domain, { orgId: principal.org.id, query: query() }),
  })),
  serve(operations.createProject, async ({ app, principal, body }) => ({
    data: await createProject(app.domain, { org: principal.org, request: body() }),
  })),
);
