import { operations } from "@tolk/contract";
import { deleteMemory, getMemory } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getMemory, async ({ app, principal, path }) => ({
    data: await getMemory(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
  serve(operations.deleteMemory, async ({ app, principal, path }) => ({
    data: await deleteMemory(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
);
