import { limitHeapGrowth, sweepIdempotencyRecords } from "@tolk/domain";

import { readEnv } from "../env";
import { getAppContext } from "./context";

const SWEEP_EVERY_MS = 3_600_000;

/**
 * Opens the database and applies migrations before the first request, so a locked or
 * unreachable database stops the start with a clear message instead of failing requests.
 * V8's heap growth is set first (see limitHeapGrowth).
 * Then deletes idempotency records past their 24 hours, hourly.
 */
export async function startServer(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    limitHeapGrowth(readEnv().TOLK_HEAP_GROWTH_PERCENT);
    const app = await getAppContext();
    console.log(`[tolk] database ready (${app.database.kind}: ${app.database.location})`);
    const sweep = () =>
      sweepIdempotencyRecords(app.domain).catch((err: unknown) => console.warn("[tolk] idempotency sweep failed:", err));
    setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
    void sweep();
    // Queued document jobs (and those a crash interrupted) resume once the server is up.
    app.worker?.start();
  } catch (err) {
    console.error(`[tolk] cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
