import { addGlossaryEntriesRequest, listQuery } from "@tolk/contract";
import { addGlossaryEntries, listGlossaryEntries } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    handler: async (input) => ({
      data: await listGlossaryEntries(input.app.domain, {
        orgId: input.principal.org.id,
        glossaryId: pathParam(input, "id"),
        query: input.query(listQuery),
      }),
    }),
  },
  POST: {
    scopes: ["write"],
    handler: async (input) => ({
      status: 201,
      data: await addGlossaryEntries(input.app.domain, {
        orgId: input.principal.org.id,
        glossaryId: pathParam(input, "id"),
        request: input.body(addGlossaryEntriesRequest),
      }),
    }),
  },
});
