import { operations } from "@tolk/contract";
import { analyzeText } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

// Analysis is free: it reads the text and bills nothing, so it has its own rate-limit bucket.
export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.analyzeText, async ({ body }) => ({ data: await analyzeText({ text: body().text }) })),
);
