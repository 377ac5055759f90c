import { deleteGlossaryEntry } from "@tolk/domain";

import { pathParam } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  DELETE: {
    scopes: ["write"],
    handler: async (input) => ({
      data: await deleteGlossaryEntry(input.app.domain, {
        orgId: input.principal.org.id,
        glossaryId: pathParam(input, "id"),
        entryId: pathParam(input, "entryId"),
      }),
    }),
  },
});
