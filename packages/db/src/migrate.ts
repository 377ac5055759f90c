import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";

import { type DatabaseHandle } from "./client";
import { migrationsDir } from "./workspace-root";

// Any fixed number: every instance that migrates at start takes the same advisory lock.
const MIGRATION_LOCK_ID = 727_001;

/** Applies the committed SQL migrations; safe to run from several instances at once. */
export async function migrateDatabase(handle: DatabaseHandle, url?: string): Promise<void> {
  const migrationsFolder = migrationsDir();
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!url) throw new Error("migrateDatabase needs the PostgreSQL URL");
  // One dedicated connection: an advisory lock belongs to the session that took it.
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzlePostgres({ client });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Names of committed migrations not yet applied (for /readyz). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<number> {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const files = readMigrationFiles({ migrationsFolder: migrationsDir() });
  try {
    const rows: unknown = await handle.db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    const applied = new Set(rowsOf<{ hash: string }>(rows).map((r) => r.hash));
    return files.filter((f) => !applied.has(f.hash)).length;
  } catch {
    return files.length;
  }
}

/** `execute` returns `{ rows }` on PGlite and an array on postgres-js. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
