import { v3GlossaryEntries } from "@/server/compat/deepl/v3-glossaries";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  GET: {
    scopes: ["read", "translate"],
    handler: async (input) => ({
      data: await v3GlossaryEntries(
        input.app,
        input.principal,
        pathParam(input, "id"),
        await Params.read(input.req, input.rawBody),
      ),
    }),
  },
});
