import { operations } from "@tolk/contract";
import { exportMemory } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.exportMemory, async ({ app, principal, path }) => ({
    file: await exportMemory(app.domain, { orgId: principal.org.id, memoryId: path.id }),
  })),
);
