import postgres from "postgres";

import { type DatabaseHandle, openDatabase } from "./client";
import { randomBase62 } from "./ids";
import { migrateDatabase } from "./migrate";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * PostgreSQL database (dropped on close) when TOLK_TEST_DATABASE_URL names a server.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TOLK_TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    await migrateDatabase(handle);
    return handle;
  }
  const name = `tolk_test_${randomBase62(10).toLowerCase()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 20 });
  await migrateDatabase(handle, url.toString());
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
