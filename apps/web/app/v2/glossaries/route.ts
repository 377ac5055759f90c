import { createDeeplGlossary, listDeeplGlossaries } from "@/server/compat/deepl/glossaries";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["read", "translate"],
    handler: async ({ app, principal }) => ({ data: await listDeeplGlossaries(app, principal) }),
  },
  POST: {
    scopes: ["write"],
    handler: async ({ app, principal, req, rawBody }) => ({
      status: 201,
      data: await createDeeplGlossary(app, principal, await Params.read(req, rawBody)),
    }),
  },
});
