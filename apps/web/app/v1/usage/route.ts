import { operations } from "@tolk/contract";
import { getUsage } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getUsage, async ({ app, principal, query }) => ({
    data: await getUsage(app.domain, { orgId: principal.org.id, ...query() }),
  })),
);
