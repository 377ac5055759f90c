import { deeplGlossaryEntries } from "@/server/compat/deepl/glossaries";
import { deeplRoute } from "@/server/compat/routes";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["read", "translate"],
    handler: async (input) => {
      const tsv = await deeplGlossaryEntries(input.app, input.principal, pathParam(input, "id"));
      return {
        raw: new Response(tsv, {
          status: 200,
          headers: { "Content-Type": "text/tab-separated-values; charset=utf-8" },
        }),
      };
    },
  },
});
