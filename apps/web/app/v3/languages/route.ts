import { readResource, v3Languages } from "@/server/compat/deepl/v3-languages";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { routerFor } from "@/server/org-router";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["translate", "read"],
    handler: async ({ app, principal, req, rawBody }) => ({
      data: v3Languages(
        await routerFor(app, principal),
        readResource((await Params.read(req, rawBody)).get("resource")),
      ),
    }),
  },
});
