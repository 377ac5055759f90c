import { getAppContext } from "./context";

/**
 * Opens the database and applies migrations before the first request, so a locked or
 * unreachable database stops the start with a clear message instead of failing requests.
 */
export async function startServer(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    const app = await getAppContext();
    console.log(`[tolk] database ready (${app.database.kind}: ${app.database.location})`);
  } catch (err) {
    console.error(`[tolk] cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
