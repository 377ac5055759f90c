import { checkReadiness } from "@tolk/domain";

import { getAppContext } from "@/server/context";

export const dynamic = "force-dynamic";

/** Readiness: the database answers and every migration is applied. No auth. */
export async function GET(): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  try {
    const app = await getAppContext();
    const readiness = await checkReadiness(app.database);
    return Response.json(
      { status: readiness.ready ? "ready" : "not_ready", database: readiness.database, database_kind: app.database.kind, pending_migrations: readiness.pending_migrations },
      { status: readiness.ready ? 200 : 503, headers },
    );
  } catch (err) {
    console.error("[tolk] readiness check failed:", err);
    return Response.json({ status: "not_ready", database: "unreachable" }, { status: 503, headers });
  }
}
