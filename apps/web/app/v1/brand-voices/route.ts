import { createBrandVoiceRequest, listQuery } from "@tolk/contract";
import { createBrandVoice, listBrandVoices } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    handler: async ({ app, principal, query }) => ({ data: await listBrandVoices(app.domain, { orgId: principal.org.id, query: query(listQuery) }) }),
  },
  POST: {
    scopes: ["write"],
    handler: async ({ app, principal, body }) => ({
      status: 201,
      data: await createBrandVoice(app.domain, { org: principal.org, request: body(createBrandVoiceRequest) }),
    }),
  },
});
