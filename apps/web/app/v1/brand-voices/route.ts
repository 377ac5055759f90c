import { operations } from "@tolk/contract";
import { createBrandVoice, listBrandVoices } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.listBrandVoices, async ({ app, principal, query }) => ({
    data: await listBrandVoices(app.domain, { orgId: principal.org.id, query: query() }),
  })),
  serve(operations.createBrandVoice, async ({ app, principal, body }) => ({
    data: await createBrandVoice(app.domain, { org: principal.org, request: body() }),
  })),
);
