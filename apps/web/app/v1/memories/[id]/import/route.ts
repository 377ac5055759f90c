import { operations } from "@tolk/contract";
import { importMemory } from "@tolk/domain";

import { MAX_IMPORT_BYTES, readUpload } from "@/server/v1/resource-input";
import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(
    operations.importMemory,
    async (input) => ({
      data: await importMemory(input.app.domain, {
        orgId: input.principal.org.id,
        memoryId: input.path.id,
        ...(await readUpload(input)),
      }),
    }),
    { maxBodyBytes: MAX_IMPORT_BYTES },
  ),
);
