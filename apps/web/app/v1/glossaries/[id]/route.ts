import { operations } from "@tolk/contract";
import { deleteGlossary, getGlossary, updateGlossary } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getGlossary, async ({ app, principal, path }) => ({
    data: await getGlossary(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
  serve(operations.updateGlossary, async ({ app, principal, path, body }) => ({
    data: await updateGlossary(app.domain, { orgId: principal.org.id, id: path.id, request: body() }),
  })),
  serve(operations.deleteGlossary, async ({ app, principal, path }) => ({
    data: await deleteGlossary(app.domain, { orgId: principal.org.id, id: path.id }),
  })),
);
