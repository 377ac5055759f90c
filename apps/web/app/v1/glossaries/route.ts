import { createGlossaryRequest, listQuery } from "@tolk/contract";
import { createGlossary, listGlossaries } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    handler: async ({ app, principal, query }) => ({ data: await listGlossaries(app.domain, { orgId: principal.org.id, query: query(listQuery) }) }),
  },
  POST: {
    scopes: ["write"],
    handler: async ({ app, principal, body }) => ({
      status: 201,
      data: await createGlossary(app.domain, { org: principal.org, request: body(createGlossaryRequest) }),
    }),
  },
});
