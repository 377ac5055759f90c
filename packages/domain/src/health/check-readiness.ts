import { type DatabaseHandle, pendingMigrations } from "@tolk/db";
import { sql } from "drizzle-orm";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  pending_migrations: number;
}

/** GET /readyz: the database answers and every committed migration is applied. */
export async function checkReadiness(handle: DatabaseHandle): Promise<Readiness> {
  try {
    await handle.db.execute(sql`select 1`);
  } catch {
    return { ready: false, database: "unreachable", pending_migrations: -1 };
  }
  const pending = await pendingMigrations(handle);
  return { ready: pending === 0, database: "ok", pending_migrations: pending };
}
