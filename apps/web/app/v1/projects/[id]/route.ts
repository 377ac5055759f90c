import { operations } from "@tolk/contract";
import { getProject } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getProject, async ({ app, principal, path }) => ({
    data: await getProject(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
);
