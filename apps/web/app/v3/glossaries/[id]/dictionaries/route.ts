import { deleteV3Dictionary, readV3Body, replaceV3Dictionary } from "@/server/compat/deepl/v3-glossaries";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  PUT: {
    scopes: ["write"],
    handler: async (input) => ({
      data: await replaceV3Dictionary(
        input.app,
        input.principal,
        pathParam(input, "id"),
        await readV3Body(input.req, input.rawBody),
      ),
    }),
  },
  DELETE: {
    scopes: ["write"],
    handler: async (input) =>
      deleteV3Dictionary(
        input.app,
        input.principal,
        pathParam(input, "id"),
        await Params.read(input.req, input.rawBody),
      ),
  },
});
