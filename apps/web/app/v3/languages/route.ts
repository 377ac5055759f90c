import { readResource, v3Languages } from "@/server/compat/deepl/v3-languages";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["translate", "read"],
    handler: async ({ app, req, rawBody }) => ({
      data: v3Languages(app.translation.router, readResource((await Params.read(req, rawBody)).get("resource"))),
    }),
  },
});
