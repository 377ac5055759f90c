import { operations } from "@tolk/contract";
import { exportGlossary } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.exportGlossary, async ({ app, principal, path, query }) => ({
    file: await exportGlossary(app.domain, { orgId: principal.org.id, glossaryId: path.id, format: query().format }),
  })),
);
