import { randomUUID } from "node:crypto";

import { getAppContext } from "@/server/context";

export const dynamic = "force-dynamic";

/**
 * Baseline for `pnpm bench`: the JSON of GET /v1/me without authentication or rate limits.
 * Exists only when TOLK_BENCH_ROUTES=1.
 */
export async function GET(): Promise<Response> {
  const app = await getAppContext();
  if (app.env.TOLK_BENCH_ROUTES !== "1") return new Response("Not found", { status: 404 });
  const requestId = randomUUID();
  return Response.json(
    {
      data: {
        user_id: "usr_bench",
        org_id: "org_bench",
        source: "api_key",
        plan: "enterprise",
        scopes: ["translate", "read", "write"],
      },
      meta: { request_id: requestId },
    },
    { headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } },
  );
}
