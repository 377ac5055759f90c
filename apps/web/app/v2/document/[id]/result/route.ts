import { deeplDocumentResult, findKeyedJob } from "@/server/compat/deepl/documents";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({
  POST: {
    scopes: ["translate", "read"],
    handler: async (input) => {
      const job = await findKeyedJob(
        input.app,
        input.principal,
        pathParam(input, "id"),
        await Params.read(input.req, input.rawBody),
      );
      return { raw: await deeplDocumentResult(input.app, job) };
    },
  },
});
