import { operations } from "@tolk/contract";
import { archiveProject } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.archiveProject, async ({ app, principal, path }) => ({
    data: await archiveProject(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
);
