import { analyzeRequest } from "@tolk/contract";
import { analyzeText } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

// Analysis is free: it reads the text and bills nothing, so it has its own rate-limit bucket.
export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  POST: {
    scopes: ["translate"],
    buckets: ["analyze"],
    handler: async ({ body }) => ({ data: await analyzeText({ text: body(analyzeRequest).text }) }),
  },
});
