import { translateRequest } from "@tolk/contract";
import { translateText } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  POST: {
    scopes: ["translate"],
    buckets: ["translate"],
    handler: async ({ app, principal, requestId, body, startedAt }) => {
      const data = await translateText(app.domain, app.translation, { principal, requestId, request: body(translateRequest) });
      return { data, meta: { credits_used: data.credits_used, processing_time_ms: Math.round(performance.now() - startedAt) } };
    },
  },
});
