import { importGlossary } from "@tolk/domain";

import { MAX_IMPORT_BYTES, pathParam, readUpload } from "@/server/v1/resource-input";
import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  POST: {
    scopes: ["write"],
    maxBodyBytes: MAX_IMPORT_BYTES,
    handler: async (input) => {
      const upload = await readUpload(input);
      return {
        data: await importGlossary(input.app.domain, { orgId: input.principal.org.id, glossaryId: pathParam(input, "id"), ...upload }),
      };
    },
  },
});
