import { batchRequest } from "@tolk/contract";
import { translateBatch } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  POST: {
    scopes: ["translate"],
    buckets: ["segment"],
    handler: async ({ app, principal, requestId, body, startedAt }) => {
      const data = await translateBatch(app.domain, app.translation, { principal, requestId, request: body(batchRequest) });
      return { data, meta: { credits_used: data.total_credits_used, processing_time_ms: Math.round(performance.now() - startedAt) } };
    },
  },
});
