import { exportMemory } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["read"],
    handler: async (input) => ({ file: await exportMemory(input.app.domain, { orgId: input.principal.org.id, memoryId: pathParam(input, "id") }) }),
  },
});
