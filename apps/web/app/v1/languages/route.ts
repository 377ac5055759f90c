import { operations } from "@tolk/contract";
import { listLanguages } from "@tolk/domain";

import { routerFor } from "@/server/org-router";
import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.listLanguages, async ({ app, principal }) => ({
    data: listLanguages(await routerFor(app, principal)),
  })),
);
