import { operations } from "@tolk/contract";
import { getDocumentJob } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getDocumentJob, async ({ app, principal, path }) => ({
    data: await getDocumentJob(app.domain, app.documents.links, { orgId: principal.org.id, jobId: path.job_id }),
  })),
);
