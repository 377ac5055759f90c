import { deeplDocumentStatus, findKeyedJob } from "@/server/compat/deepl/documents";
import { Params } from "@/server/compat/params";
import { deeplRoute } from "@/server/compat/routes";
import { type MethodSpec } from "@/server/v1/pipeline";
import { pathParam } from "@/server/v1/resource-input";

export const dynamic = "force-dynamic";

const status: MethodSpec = {
  scopes: ["translate", "read"],
  handler: async (input) => ({
    data: deeplDocumentStatus(
      await findKeyedJob(
        input.app,
        input.principal,
        pathParam(input, "id"),
        await Params.read(input.req, input.rawBody),
      ),
    ),
  }),
};

export const { GET, POST, PUT, PATCH, DELETE } = deeplRoute({ GET: status, POST: status });
