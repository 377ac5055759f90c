import { operations } from "@tolk/contract";
import { createMemory, listMemories } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.listMemories, async ({ app, principal, query }) => ({
    data: await listMemories(app.domain, { orgId: principal.org.id, query: query() }),
  })),
  serve(operations.createMemory, async ({ app, principal, body }) => ({
    data: await createMemory(app.domain, { org: principal.org, request: body() }),
  })),
);
