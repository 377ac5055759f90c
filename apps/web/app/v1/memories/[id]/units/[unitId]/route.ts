import { deleteMemoryUnit } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  DELETE: {
    scopes: ["write"],
    handler: async (input) => ({
      data: await deleteMemoryUnit(input.app.domain, {
        orgId: input.principal.org.id,
        memoryId: pathParam(input, "id"),
        unitId: pathParam(input, "unitId"),
      }),
    }),
  },
});
