import { deleteGlossary, getGlossary } from "@tolk/domain";

import { deeplGlossary } from "@/server/compat/deepl/glossaries";
import { deeplRoute } from "@/server/compat/routes";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["read", "translate"],
    handler: async (input) => ({
      data: deeplGlossary(
        await getGlossary(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") }),
      ),
    }),
  },
  DELETE: {
    scopes: ["write"],
    handler: async (input) => {
      await deleteGlossary(input.app.domain, { orgId: input.principal.org.id, id: pathParam(input, "id") });
      return { raw: new Response(null, { status: 204 }) };
    },
  },
});
