import { archiveProject } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  POST: {
    scopes: ["write"],
    handler: async (input) => ({ data: await archiveProject(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") }) }),
  },
});
