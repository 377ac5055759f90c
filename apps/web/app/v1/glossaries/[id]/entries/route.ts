import { operations } from "@tolk/contract";
import { addGlossaryEntries, listGlossaryEntries } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.listGlossaryEntries, async ({ app, principal, path, query }) => ({
    data: await listGlossaryEntries(app.domain, { orgId: principal.org.id, glossaryId: path.id, query: query() }),
  })),
  serve(operations.addGlossaryEntries, async ({ app, principal, path, body }) => ({
    data: await addGlossaryEntries(app.domain, { orgId: principal.org.id, glossaryId: path.id, request: body() }),
  })),
);
