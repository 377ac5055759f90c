import { operations } from "@tolk/contract";
import { translateBatch } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.translateBatch, async ({ app, principal, requestId, body, startedAt }) => {
    const data = await translateBatch(app.domain, app.translation, { principal, requestId, request: body() });
    return {
      data,
      meta: { credits_used: data.total_credits_used, processing_time_ms: Math.round(performance.now() - startedAt) },
    };
  }),
);
