import { deleteGlossary } from "@tolk/domain";

import { getV3Glossary, patchV3Glossary, readV3Body } from "@/server/compat/deepl/v3-glossaries";
import { deeplRoute } from "@/server/compat/routes";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["read", "translate"],
    handler: async (input) => ({ data: await getV3Glossary(input.app, input.principal, pathParam(input, "id")) }),
  },
  PATCH: {
    scopes: ["write"],
    handler: async (input) => ({
      data: await patchV3Glossary(
        input.app,
        input.principal,
        pathParam(input, "id"),
        await readV3Body(input.req, input.rawBody),
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
