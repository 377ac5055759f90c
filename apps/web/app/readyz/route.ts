import { checkReadiness, errorFields, logger } from "@tolk/domain";

import { getAppContext } from "@/server/context";
import { lifecycle } from "@/server/lifecycle";

export const dynamic = "force-dynamic";

/**
 * Readiness, no auth: 200 when the database answers with every migration applied, Redis answers
 * (when configured), the document storage is usable and an engine is healthy; 503 naming the
 * failed checks otherwise, and from the first SIGTERM on without running the checks
 * (docs/observability.md).
 */
export async function GET(): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  // Shutting down: the answer is known without asking the database or the engines, which may be
  // busy finishing the work in hand; a probe must learn it at once.
  if (lifecycle().shuttingDown) {
    const checks = { lifecycle: { ok: false, detail: "shutting down" } };
    return Response.json({ status: "not_ready", failed: ["lifecycle"], checks }, { status: 503, headers });
  }
  try {
    const app = await getAppContext();
    const r = await checkReadiness({
      database: app.database,
      redis: () => app.limiter.ping(),
      storage: app.documents.storage,
      engines: app.engines.engines,
      shuttingDown: lifecycle().shuttingDown,
    });
    return Response.json(
      {
        status: r.ready ? "ready" : "not_ready",
        database: r.database,
        database_kind: app.database.kind,
        pending_migrations: r.pending_migrations,
        failed: r.failed,
        checks: r.checks,
      },
      { status: r.ready ? 200 : 503, headers },
    );
  } catch (err) {
    logger().error(errorFields(err), "readiness check failed");
    return Response.json(
      { status: "not_ready", database: "unreachable", failed: ["database"] },
      { status: 503, headers },
    );
  }
}
