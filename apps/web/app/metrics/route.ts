import { errorFields, logger } from "@tolk/domain";
import { metricsAuthorized, prometheusMetrics } from "@tolk/platform";

import { getAppContext } from "@/server/context";

export const dynamic = "force-dynamic";

/** Prometheus metrics of this instance (docs/observability.md); a bearer token when TOLK_METRICS_TOKEN is set. */
export async function GET(req: Request): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  try {
    const app = await getAppContext();
    if (!metricsAuthorized(req.headers.get("authorization"), app.env.TOLK_METRICS_TOKEN)) {
      headers.set("WWW-Authenticate", "Bearer");
      return new Response("Unauthorized\n", { status: 401, headers });
    }
    const { contentType, body } = await prometheusMetrics().render();
    headers.set("Content-Type", contentType);
    return new Response(body, { status: 200, headers });
  } catch (err) {
    logger().error(errorFields(err), "metrics scrape failed");
    return new Response("Metrics unavailable\n", { status: 503, headers });
  }
}
