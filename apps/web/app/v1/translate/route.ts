import { operations } from "@tolk/contract";
import { translateText } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.translateText, async ({ app, principal, requestId, body, startedAt }) => {
    const data = await translateText(app.domain, app.translation, { principal, requestId, request: body() });
    return {
      data,
      meta: { credits_used: data.credits_used, processing_time_ms: Math.round(performance.now() - startedAt) },
    };
  }),
);
