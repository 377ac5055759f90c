import { addMemoryUnitsRequest, memoryUnitsQuery } from "@tolk/contract";
import { addMemoryUnits, listMemoryUnits, searchMemory } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    // With `q`: the fuzzy matches, best first; without: the units, a page at a time.
    handler: async (input) => {
      const query = input.query(memoryUnitsQuery);
      const target = { orgId: input.principal.org.id, memoryId: pathParam(input, "id") };
      if (query.q === undefined) return { data: await listMemoryUnits(input.app.domain, { ...target, query }) };
      return { data: await searchMemory(input.app.domain, { ...target, q: query.q, minScore: query.min_score, limit: query.limit }) };
    },
  },
  POST: {
    scopes: ["write"],
    handler: async (input) => ({
      status: 201,
      data: await addMemoryUnits(input.app.domain, {
        orgId: input.principal.org.id,
        memoryId: pathParam(input, "id"),
        request: input.body(addMemoryUnitsRequest),
      }),
    }),
  },
});
