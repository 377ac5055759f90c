import { badRequest } from "@tolk/domain";

import { deeplLanguages } from "@/server/compat/deepl/languages";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { routerFor } from "@/server/org-router";
import { type MethodSpec } from "@/server/v1/pipeline";

export const dynamic = "force-dynamic";

const languages: MethodSpec = {
  scopes: ["translate", "read"],
  handler: async ({ app, principal, req, rawBody }) => {
    const type = ((await Params.read(req, rawBody)).get("type") ?? "source").toLowerCase();
    if (type !== "source" && type !== "target") throw badRequest("'type' must be source or target.", "type");
    return { data: deeplLanguages(await routerFor(app, principal), type) };
  },
};

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({ GET: languages, POST: languages });
