import { operations } from "@tolk/contract";
import { createGlossary, listGlossaries } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.listGlossaries, async ({ app, principal, query }) => ({
    data: await listGlossaries(app.domain, { orgId: principal.org.id, query: query() }),
  })),
  serve(operations.createGlossary, async ({ app, principal, body }) => ({
    data: await createGlossary(app.domain, { org: principal.org, request: body() }),
  })),
);
