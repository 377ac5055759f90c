import { operations } from "@tolk/contract";
import { addMemoryUnits, listMemoryUnits, searchMemory } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  // With `q`: the fuzzy matches, best first; without: the units, a page at a time.
  serve(operations.listMemoryUnits, async ({ app, principal, path, query }) => {
    const q = query();
    const target = { orgId: principal.org.id, memoryId: path.id };
    if (q.q === undefined) return { data: await listMemoryUnits(app.domain, { ...target, query: q }) };
    return { data: await searchMemory(app.domain, { ...target, q: q.q, minScore: q.min_score, limit: q.limit }) };
  }),
  serve(operations.addMemoryUnits, async ({ app, principal, path, body }) => ({
    data: await addMemoryUnits(app.domain, { orgId: principal.org.id, memoryId: path.id, request: body() }),
  })),
);
