import { createV3Glossary, listV3Glossaries, readV3Body } from "@/server/compat/deepl/v3-glossaries";
import { deeplRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["read", "translate"],
    handler: async ({ app, principal }) => ({ data: await listV3Glossaries(app, principal) }),
  },
  POST: {
    scopes: ["write"],
    handler: async ({ app, principal, req, rawBody }) => ({
      status: 201,
      data: await createV3Glossary(app, principal, await readV3Body(req, rawBody)),
    }),
  },
});
