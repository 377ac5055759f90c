import { getDocumentJob } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["translate", "read"],
    handler: async ({ app, principal, params }) => ({
      data: await getDocumentJob(app.domain, app.documents.links, { orgId: principal.org.id, jobId: String(params.job_id) }),
    }),
  },
});
