import { deleteMemory, getMemory } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    handler: async (input) => ({ data: await getMemory(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") }) }),
  },
  DELETE: {
    scopes: ["write"],
    handler: async (input) => ({ data: await deleteMemory(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") }) }),
  },
});
