import { errorFields, logger } from "@tolk/domain";
import { configureLogger, limitHeapGrowth, serveCliCommands, startTracing } from "@tolk/platform";

import { readEnv } from "../env";
import { getAppContext } from "./context";
import { registerEdgeLimit } from "./edge-limit";
import { installShutdownHandlers, lifecycle } from "./lifecycle";

/** How often the server looks for housekeeping that is due (its jobs say how often they run). */
const HOUSEKEEPING_TICK_MS = 60_000;

/**
 * Sets up logging (and tracing when configured), opens the database and applies migrations
 * before the first request, so a locked or unreachable database stops the start with a clear
 * message instead of failing requests. V8's heap growth is set first (see limitHeapGrowth).
 * Then starts the server's housekeeping (idempotency records past their 24 hours are deleted
 * hourly) and takes over SIGTERM/SIGINT (lifecycle.ts). On the embedded database, listens for
 * `tolk` commands started beside it.
 */
export async function startServer(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    const env = readEnv();
    configureLogger({ level: env.TOLK_LOG_LEVEL, format: env.TOLK_LOG_FORMAT });
    limitHeapGrowth(env.TOLK_HEAP_GROWTH_PERCENT);
    lifecycle().flushTraces = await startTracing(env);
    const app = await getAppContext();
    registerEdgeLimit(app);
    logger().info(
      {
        database: app.database.kind,
        location: app.database.location,
        tracing: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT),
      },
      "database ready",
    );
    app.housekeeping.start(HOUSEKEEPING_TICK_MS);
    // On the embedded database, `tolk` commands started beside the server run in it (docs/cli.md).
    const admin = await serveCliCommands({ database: app.database, domain: app.domain, dataDir: env.TOLK_DATA_DIR });
    if (admin)
      logger().info({ socket: admin.path }, "CLI commands on the embedded database are answered on the admin socket");
    lifecycle().closeAdminSocket = admin ? () => admin.close() : null;
    installShutdownHandlers(app, env);
    // Queued document jobs (and those a crash interrupted) resume once the server is up.
    app.worker?.start();
  } catch (err) {
    logger().fatal(errorFields(err), `cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
