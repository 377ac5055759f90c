import { operations } from "@tolk/contract";
import { deleteMemoryUnit } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.deleteMemoryUnit, async ({ app, principal, path }) => ({
    data: await deleteMemoryUnit(app.domain, { orgId: principal.org.id, memoryId: path.id, unitId: path.unit_id }),
  })),
);
